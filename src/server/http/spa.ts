// Serves the built SPA: hashed assets with a one-year immutable cache, index.html (never
// cached) for client routes, and JSON 404s for unknown API paths.
import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

const API_PREFIXES = ["/api/", "/auth/", "/realtime", "/dev/"];

export function readIndexHtml(clientDir: string): string | null {
  try {
    return fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
  } catch {
    return null;
  }
}

export async function installSpa(app: FastifyInstance, clientDir: string, indexHtml: string | null) {
  if (indexHtml) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "public, max-age=300");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split("?")[0]!;
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, "") || url.startsWith(p));
    if (isApi || request.method !== "GET" || !indexHtml || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send({ error: "not_found", message: `No route for ${request.method} ${url}` });
    }
    // Shared documents are private to whoever holds the link: keep them out of search engines.
    if (url.startsWith("/shared/")) reply.header("x-robots-tag", "noindex, nofollow");
    return reply.header("cache-control", "no-cache").type("text/html; charset=utf-8").send(indexHtml);
  });
}
