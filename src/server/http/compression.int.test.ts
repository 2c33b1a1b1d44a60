// Compressed answers: API JSON above 1 KB in brotli or gzip as asked, small answers and
// Server-Sent Events as they are; the built client's files and index.html from the copies
// the build compressed (scripts/precompress.mjs), with their cache headers unchanged.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../test/harness.js";
import { withPreloads } from "./route-preload.js";

function decode(encoding: string | undefined, body: Buffer): string {
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(body).toString("utf8");
  return body.toString("utf8");
}

describe("compressed API answers", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { plan: "creator" });
    // A document list well above the 1 KB threshold.
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({ method: "POST", url: "/api/documents", headers: user.headers, payload: { title: `Chapter ${i} of a long book` } });
      expect(res.statusCode).toBe(201);
    }
  });
  afterAll(async () => t?.close());

  const list = (acceptEncoding?: string) =>
    t.app.inject({ method: "GET", url: "/api/documents", headers: { ...user.headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) } });

  it("sends JSON above 1 KB as brotli or gzip, whichever the client asks for, decoding to the same JSON", async () => {
    const plain = await list();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const res = await list(encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toContain("accept-encoding");
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
    }
    // A browser's usual header: brotli first.
    expect((await list("gzip, deflate, br, zstd")).headers["content-encoding"]).toBe("br");
  });

  it("sends a document read compressed as asked, again after a save with the new content, and never another version's", async () => {
    const paragraph = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    const content = (word: string) => ({ type: "doc", content: Array.from({ length: 40 }, (_, i) => paragraph(`${word} paragraph ${i} of a chapter long enough to compress.`)) });
    const created = await t.app.inject({ method: "POST", url: "/api/documents", headers: user.headers, payload: { title: "Compressed", content: content("first") } });
    expect(created.statusCode).toBe(201);
    const doc = created.json() as { id: string; version: number };
    const read = (acceptEncoding?: string) =>
      t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { ...user.headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) } });
    const check = async (word: string) => {
      const plain = await read();
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toContain(`${word} paragraph`);
      for (const [header, encoding] of [["br", "br"], ["gzip", "gzip"], ["gzip, deflate, br, zstd", "br"], ["br;q=0, gzip", "gzip"], ["br;q=0.5, gzip;q=0.8", "gzip"], ["*", "br"]]) {
        // Twice: the second answer is the compression kept from the first.
        for (let i = 0; i < 2; i++) {
          const res = await read(header);
          expect(res.statusCode).toBe(200);
          expect(res.headers["content-encoding"], header).toBe(encoding);
          expect(res.headers.vary).toContain("accept-encoding");
          expect(res.headers.etag).toBe(plain.headers.etag);
          expect(JSON.parse(decode(encoding, res.rawPayload))).toEqual(plain.json());
        }
      }
      expect((await read("identity")).headers["content-encoding"]).toBeUndefined();
    };
    await check("first");
    const saved = await t.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: user.headers, payload: { content: content("second"), version: doc.version } });
    expect(saved.statusCode).toBe(200);
    await check("second");
  });

  it("leaves answers under 1 KB uncompressed", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health/live", headers: { "accept-encoding": "br, gzip" } });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("never compresses a Server-Sent Events stream", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/ai/rewrite/stream",
      headers: { ...user.headers, "accept-encoding": "br, gzip" },
      payload: { text: "We do not know, however we will assist you. ".repeat(40), style: "casual" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(1024);
    expect(res.body).toContain("event: done");
  });
});

describe("the built client, served from its compressed copies", () => {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-client-"));
  const indexHtml = `<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `word${i}`))};`;
  const tiny = "export const x = 1;";
  let t: TestApp;
  let app: FastifyInstance;

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, "assets"));
    const write = (name: string, text: string, compressed: boolean) => {
      fs.writeFileSync(path.join(clientDir, name), text);
      if (!compressed) return;
      fs.writeFileSync(path.join(clientDir, `${name}.br`), zlib.brotliCompressSync(text));
      fs.writeFileSync(path.join(clientDir, `${name}.gz`), zlib.gzipSync(text));
    };
    write("index.html", indexHtml, true);
    write("assets/index-abc123.js", script, true);
    write("assets/tiny-abc123.js", tiny, false);
    write("route-preloads.json", JSON.stringify({ "/preloaded/": { js: ["/assets/index-abc123.js"], css: [] } }), false);
    t = await createTestApp({}, { clientDir });
    app = t.app;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("sends a hashed asset as its .br or .gz copy, keeping the long cache", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      const res = await get("/assets/index-abc123.js", encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toContain("javascript");
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers.vary).toContain("accept-encoding");
      // Immutable: no validators or ranges to send.
      expect(res.headers).not.toHaveProperty("etag");
      expect(res.headers).not.toHaveProperty("last-modified");
      expect(res.headers).not.toHaveProperty("accept-ranges");
      expect(decode(encoding, res.rawPayload)).toBe(script);
    }
  });

  it("sends a small asset the build left uncompressed as it is", async () => {
    const res = await get("/assets/tiny-abc123.js");
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(tiny);
  });

  it("answers a missing asset, or one outside the assets folder, with a JSON 404", async () => {
    for (const url of ["/assets/gone-abc123.js", "/assets/../route-preloads.json", "/assets/%2e%2e/index.html", "/route-preloads.json"]) {
      const res = await get(url, "br");
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: "not_found" });
    }
  });

  it("sends index.html for client routes compressed as the browser accepts, never cached", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      const res = await get("/editor/some-id", encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["cache-control"]).toBe("no-cache");
      expect(res.headers.vary).toContain("accept-encoding");
      expect(decode(encoding, res.rawPayload)).toBe(indexHtml);
    }
    const shared = await get("/shared/abc", "br");
    expect(shared.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(decode("br", shared.rawPayload)).toBe(indexHtml);
  });

  it("sends a route's page naming its files as preloads, compressed as the browser accepts", async () => {
    for (const encoding of ["br", "gzip", undefined]) {
      const res = await get("/preloaded/some-id", encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["cache-control"]).toBe("no-cache");
      const html = decode(encoding, res.rawPayload);
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/index-abc123.js">');
      expect(html).toBe(withPreloads(indexHtml, { js: ["/assets/index-abc123.js"], css: [] }));
    }
  });

  it("still answers unknown API paths with a JSON 404", async () => {
    const res = await get("/api/nope", "br");
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe("not_found");
  });
});
