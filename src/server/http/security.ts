// Security headers. The CSP allows exactly what the SPA uses: its own scripts (plus the
// hash of the inline theme script that prevents a flash of the wrong theme), inline
// style attributes (the editor sets font, colour and size per span), same-origin API,
// WebSocket and images. The headers never change while the server runs, so helmet computes
// them once at start-up and each response only copies them (the Fastify plugin rebuilt
// helmet's middleware on every request). Hashed scripts, styles, fonts and images get only
// the headers a browser applies to a subresource: about 1 KB less on each of them.
import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { isHashedSubresource } from "./hashed-asset.js";

export { isHashedSubresource };

/**
 * What browsers read on a script, stylesheet, font or image response: no MIME sniffing,
 * who may embed it, and the referrer policy for what a stylesheet or module loads in turn.
 */
const SUBRESOURCE_HEADERS = new Set(["x-content-type-options", "cross-origin-resource-policy", "referrer-policy"]);

function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.push(`'sha256-${crypto.createHash("sha256").update(body).digest("base64")}'`);
  }
  return hashes;
}

/** Runs helmet's middleware once against a recording response and returns what it set. */
function headersFrom(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}

function securityHeaders(indexHtml: string | null): Record<string, string> {
  const scriptHashes = indexHtml ? inlineScriptHashes(indexHtml) : [];
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // https: and http: for linked pictures (pictures on other sites, kept by address):
        // the editor loads one only when its reader presses "Show picture", through an <img>
        // with no referrer (client/lib/images/image-view.ts). An <img> is the only way to
        // show another site's picture (fetching it into a blob: would need that site to allow
        // this one, which few do, and connect-src to open); scripts, styles, frames and
        // connections stay limited to this site.
        imgSrc: ["'self'", "data:", "blob:", "https:", "http:"],
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
  return headersFrom(middleware);
}

export async function installSecurityHeaders(app: FastifyInstance, indexHtml: string | null) {
  const headers = securityHeaders(indexHtml);
  const subresourceHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => SUBRESOURCE_HEADERS.has(name)));
  app.addHook("onRequest", async (request, reply) => {
    reply.headers(isHashedSubresource(request.url) ? subresourceHeaders : headers);
  });
}
