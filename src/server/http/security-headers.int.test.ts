// Security headers by kind of response: HTML documents and API answers carry the full set
// (src/server/http/security.ts); hashed scripts, styles and fonts of the built client carry
// only what a browser applies to a subresource, and no request id.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";

const DOCUMENT_ONLY = [
  "content-security-policy",
  "cross-origin-opener-policy",
  "origin-agent-cluster",
  "x-dns-prefetch-control",
  "x-download-options",
  "x-frame-options",
  "x-permitted-cross-domain-policies",
  "x-xss-protection",
];
const SUBRESOURCE = { "x-content-type-options": "nosniff", "cross-origin-resource-policy": "same-origin", "referrer-policy": "strict-origin-when-cross-origin" };

describe("security headers", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-client-"));
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, "assets"));
    fs.writeFileSync(path.join(clientDir, "index.html"), `<!doctype html><html><head><script>1</script><script type="module" src="/assets/index-abc12345.js"></script></head></html>`);
    fs.writeFileSync(path.join(clientDir, "assets/index-abc12345.js"), "export const x = 1;");
    fs.writeFileSync(path.join(clientDir, "assets/index-abc12345.css"), "body{margin:0}");
    fs.writeFileSync(path.join(clientDir, "assets/font-abc12345.woff2"), Buffer.from([0x77, 0x4f, 0x46, 0x32]));
    fs.writeFileSync(path.join(clientDir, "assets/logo-abc12345.svg"), `<svg xmlns="http://www.w3.org/2000/svg"/>`);
    t = await createTestApp({}, { clientDir });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
  const securityPart = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([name]) => DOCUMENT_ONLY.includes(name) || name in SUBRESOURCE));

  it("sends every security header and a request id on HTML documents and API answers", async () => {
    const page = await get("/editor/some-id");
    const api = await get("/api/health/live");
    const missing = await get("/api/nope");
    expect(page.statusCode).toBe(200);
    expect(api.statusCode).toBe(200);
    for (const res of [page, api, missing]) {
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], name).toBeTruthy();
      expect(res.headers).toMatchObject(SUBRESOURCE);
      expect(res.headers["x-request-id"]).toBeTruthy();
    }
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(page.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(securityPart(api.headers)).toEqual(securityPart(page.headers));
  });

  it("sends hashed scripts, styles and fonts with the subresource headers only", async () => {
    for (const url of ["/assets/index-abc12345.js", "/assets/index-abc12345.css", "/assets/font-abc12345.woff2", "/assets/index-abc12345.js?v=1"]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(securityPart(res.headers), url).toEqual(SUBRESOURCE);
      expect(res.headers["x-request-id"], url).toBeUndefined();
    }
  });

  it("keeps every header on files a browser can open as a document", async () => {
    const svg = await get("/assets/logo-abc12345.svg");
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(svg.headers["x-frame-options"]).toBe("SAMEORIGIN");
    const html = await get("/index.html");
    expect(html.headers["content-security-policy"]).toContain("default-src 'self'");
  });
});
