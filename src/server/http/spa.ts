// Serves the built SPA: hashed assets with a one-year immutable cache, index.html (never
// cached) for client routes, and JSON 404s for unknown API paths. Text files go out as the
// .br or .gz copy the build wrote beside them (scripts/precompress.mjs) when the browser
// accepts it.
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { readRoutePreloads, withPreloads } from "./route-preload.js";

const API_PREFIXES = ["/api/", "/auth/", "/realtime", "/dev/"];

export function readIndexHtml(clientDir: string): string | null {
  try {
    return fs.readFileSync(path.join(clientDir, "index.html"), "utf8");
  } catch {
    return null;
  }
}

/**
 * index.html as the build compressed it (read once, like the page itself); compressed here
 * when the build left no copy, so SPA routes are never sent uncompressed to a browser that
 * accepts compression.
 */
function compressedIndex(clientDir: string, html: string): { br: Buffer; gzip: Buffer } {
  const orCompute = (suffix: string, compute: () => Buffer) => {
    try {
      return fs.readFileSync(path.join(clientDir, `index.html${suffix}`));
    } catch {
      return compute();
    }
  };
  return {
    br: orCompute(".br", () => zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
    gzip: orCompute(".gz", () => zlib.gzipSync(html, { level: 9 })),
  };
}

/** A page made at start for a route's URLs: the HTML and its compressed copies. */
interface RoutePage {
  prefix: string;
  html: string;
  compressed: Promise<{ br: Buffer; gzip: Buffer }>;
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The pages that name their route's files as preloads (route-preload.ts), compressed once at
 * start in libuv's threads: brotli at quality 11 costs ~20 ms even for this 2 KB page, which
 * the start's own thread (building the app while the database opens) does not spend.
 */
function routePages(clientDir: string, indexHtml: string): RoutePage[] {
  return [...readRoutePreloads(clientDir)].map(([prefix, files]) => {
    const html = withPreloads(indexHtml, files);
    const compressed = Promise.all([brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }), gzip(html, { level: 9 })]).then(
      ([br, gzip]) => ({ br, gzip }),
    );
    compressed.catch(() => {}); // (a failure is the request's, answered with a 500)
    return { prefix, html, compressed };
  });
}

export async function installSpa(app: FastifyInstance, clientDir: string, indexHtml: string | null) {
  const compressed = indexHtml ? compressedIndex(clientDir, indexHtml) : null;
  const routes = indexHtml ? routePages(clientDir, indexHtml) : [];
  if (indexHtml) {
    await app.register(fastifyStatic, {
      // The build puts every file a page loads under assets/, named by its content's hash.
      // One route for them all: a route per file meant listing the directory and adding
      // ~110 routes while the server starts, its longest step once the database opens in
      // parallel. A file not there falls through to the handler below (a JSON 404).
      root: path.join(clientDir, "assets"),
      prefix: "/assets/",
      index: false,
      wildcard: true,
      preCompressed: true,
      // A file's name changes with its content and it is cached for a year, so a browser
      // never asks again whether it changed, nor for part of it: no validators, no ranges
      // (about 100 bytes less on each of the six to eight files a page loads).
      etag: false,
      lastModified: false,
      acceptRanges: false,
      setHeaders(res) {
        res.header("cache-control", "public, max-age=31536000, immutable");
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split("?")[0]!;
    const isApi = API_PREFIXES.some((p) => url === p.replace(/\/$/, "") || url.startsWith(p));
    if (isApi || request.method !== "GET" || !indexHtml || /\.[a-z0-9]+$/i.test(url)) {
      return reply.status(404).send({ error: "not_found", message: `No route for ${request.method} ${url}` });
    }
    // Shared documents are private to whoever holds the link: keep them out of search engines.
    if (url.startsWith("/shared/")) reply.header("x-robots-tag", "noindex, nofollow");
    reply.header("cache-control", "no-cache").header("vary", "accept-encoding").type("text/html; charset=utf-8");
    const page = routes.find((r) => url.startsWith(r.prefix));
    const encoding = negotiate(request.headers["accept-encoding"] ?? "", ["br", "gzip"]);
    if (page) return encoding ? reply.header("content-encoding", encoding).send((await page.compressed)[encoding]) : reply.send(page.html);
    if (!encoding || !compressed) return reply.send(indexHtml);
    return reply.header("content-encoding", encoding).send(compressed[encoding]);
  });
}
