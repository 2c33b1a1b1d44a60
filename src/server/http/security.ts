// Security headers. The CSP allows exactly what the SPA uses: its own scripts (plus the
// hash of the inline theme script that prevents a flash of the wrong theme), inline
// style attributes (the editor sets font, colour and size per span), same-origin API,
// WebSocket and images.
import crypto from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

export async function installSecurityHeaders(app: FastifyInstance, indexHtml: string | null) {
  const scriptHashes = indexHtml ? inlineScriptHashes(indexHtml) : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        workerSrc: ["'self'", "blob:"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // The built-in checkout and exports open same-origin windows only.
    crossOriginOpenerPolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    hsts: false,
  });
}
