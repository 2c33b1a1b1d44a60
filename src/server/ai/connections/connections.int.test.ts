// A user's own model connection through the API: tested before saving, the key encrypted at
// rest and never answered, the user's AI served by it on any plan without the allowance,
// and nobody else affected.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiConnections } from "../../db/index.js";
import { createTestUser, request, type TestUser } from "../../test/harness.js";
import { aiUsage, createOpenAiTestApp, type OpenAiTestApp } from "../ai.test-util.js";
import { type KeyedStub, startKeyedStub } from "./keyed-stub.test-util.js";

const KEY = "sk-user-own-key-0123456789-abcd";

describe("a user's own model connection", () => {
  let t: OpenAiTestApp;
  let own: KeyedStub;
  let free: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    // The server's provider is a stub of its own, so calls that reach it are told apart.
    t = await createOpenAiTestApp({ stub: { reply: () => "From the server's model." } });
    own = await startKeyedStub(KEY, { reply: () => "From my own model." });
    free = await createTestUser(t);
    other = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => {
    await t.close();
    await own.close();
  });

  const put = (user: TestUser, payload: object) => request(t, "PUT", "/api/ai/connection", { user, payload });
  const rawRows = () => t.ctx.db.select().from(aiConnections);

  it("starts with none, and a Free user has no AI and the server's model in capabilities", async () => {
    expect((await request(t, "GET", "/api/ai/connection", { user: free })).json()).toEqual({ connection: null });
    expect((await request(t, "GET", "/api/ai/capabilities", { user: free })).json()).toEqual({
      model: true,
      source: "server",
      provider: "custom",
      modelName: "stub-model",
      inlineCompletion: false,
      grammarService: "built-in",
    });
    const res = await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: "Some text to improve." } });
    expect(res.statusCode).toBe(402);
  });

  it("refuses a wrong key with a clear 422 and stores nothing", async () => {
    const res = await put(free, { baseUrl: own.url, model: "my-model", apiKey: "sk-wrong-key-000000" });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: "validation_failed", field: "apiKey" });
    expect(res.json().message).toContain("refused the API key (401)");
    expect(res.json().message).toContain("Incorrect API key provided: •••.");
    expect(res.body).not.toContain("sk-wrong-key");
    expect(await rawRows()).toHaveLength(0);
    expect((await request(t, "GET", "/api/ai/connection", { user: free })).json()).toEqual({ connection: null });
  });

  it("refuses an address that is not a model server, one that does not answer, and a non-http URL", async () => {
    // A web page at /v1 answers 200 with HTML; a site without it answers 404.
    const site = http.createServer((req, res) => {
      if (req.url?.startsWith("/v1/")) res.writeHead(200, { "content-type": "text/html" }).end("<html>Welcome</html>");
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      const page = await put(free, { baseUrl: `${origin}/v1`, model: "m" });
      expect(page.statusCode).toBe(422);
      expect(page.json().message).toMatch(/not as an OpenAI-compatible chat-completions API/);
      const missing = await put(free, { baseUrl: `${origin}/api`, model: "m" });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().message).toMatch(/answered 404 .*usually ends in \/v1/);
    } finally {
      site.close();
    }
    const closed = await put(free, { baseUrl: "http://127.0.0.1:9/v1", model: "m" });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toMatch(/Could not connect/);
    const ftp = await put(free, { baseUrl: "ftp://example.com/v1", model: "m" });
    expect(ftp.statusCode).toBe(400);
    const noModel = await put(free, { baseUrl: own.url, model: " " });
    expect(noModel.statusCode).toBe(400);
    expect(await rawRows()).toHaveLength(0);
  });

  it("tests the connection with the key, saves it encrypted and answers only a hint of it", async () => {
    const before = own.stub.requests.length;
    const res = await put(free, { baseUrl: `${own.url}/`, model: "my-model", apiKey: KEY });
    expect(res.statusCode).toBe(200);
    // The test call reached the user's server with their key and model.
    expect(own.stub.requests.length).toBe(before + 1);
    expect(own.stub.requests.at(-1)).toMatchObject({ model: "my-model", max_tokens: 1 });
    expect(own.authorizations.at(-1)).toBe(`Bearer ${KEY}`);
    expect(res.json()).toEqual({
      connection: { baseUrl: own.url, model: "my-model", hasKey: true, keyHint: "abcd", updatedAt: expect.any(String) },
    });
    const get = await request(t, "GET", "/api/ai/connection", { user: free });
    expect(get.json().connection).toMatchObject({ hasKey: true, keyHint: "abcd" });
    for (const body of [res.body, get.body]) expect(body).not.toContain(KEY.slice(0, 12));
    const rows = await rawRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.apiKey).toMatch(/^v1\./);
    expect(rows[0]!.apiKey).not.toContain(KEY);
    expect(Buffer.from(rows[0]!.apiKey!.split(".")[3]!, "base64url").toString("latin1")).not.toContain(KEY);
  });

  it("serves the user's AI on the Free plan through their model, without touching the allowance", async () => {
    const caps = await request(t, "GET", "/api/ai/capabilities", { user: free });
    expect(caps.json()).toEqual({ model: true, source: "user", provider: "own", modelName: "my-model", inlineCompletion: true, grammarService: "built-in" });
    const serverCalls = t.stub.requests.length;
    const res = await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: "Some text to improve." } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ improvement: "From my own model.", provider: "own", model: "my-model" });
    expect(own.authorizations.at(-1)).toBe(`Bearer ${KEY}`);
    expect(t.stub.requests.length).toBe(serverCalls);
    // Summaries are Professional-only on the server's model; the user's own model does them too.
    const summary = await request(t, "POST", "/api/ai/summarize", { user: free, payload: { text: "One. Two. Three." } });
    expect(summary.statusCode).toBe(200);
    const stream = await request(t, "POST", "/api/ai/rewrite/stream", { user: free, payload: { text: "Text.", style: "concise" } });
    expect(stream.body).toContain('"type":"done"');
    expect(stream.body).toContain("From my own model.");
    expect((await aiUsage(t, free)).used).toBe(0);
  });

  it("leaves another user on the server's model and allowance", async () => {
    const res = await request(t, "POST", "/api/ai/improve", { user: other, payload: { text: "Other text." } });
    expect(res.json()).toMatchObject({ improvement: "From the server's model.", provider: "custom" });
    expect((await aiUsage(t, other)).used).toBeGreaterThan(0);
    expect((await request(t, "GET", "/api/ai/connection", { user: other })).json()).toEqual({ connection: null });
    expect((await request(t, "GET", "/api/ai/capabilities", { user: other })).json()).toMatchObject({ source: "server" });
  });

  it("keeps the stored key when only the model changes, and never sends it to another address", async () => {
    const res = await put(free, { baseUrl: own.url, model: "my-other-model" });
    expect(res.statusCode).toBe(200);
    expect(res.json().connection).toMatchObject({ model: "my-other-model", hasKey: true, keyHint: "abcd" });
    expect(own.authorizations.at(-1)).toBe(`Bearer ${KEY}`);
    // Another origin without a key: the stored key is not carried over, so the keyed server refuses.
    const moved = await put(free, { baseUrl: own.url.replace("127.0.0.1", "localhost"), model: "my-model" });
    expect(moved.statusCode).toBe(422);
    expect(own.authorizations.at(-1)).toBe("");
    const res2 = await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: "Again." } });
    expect(res2.json()).toMatchObject({ improvement: "From my own model.", model: "my-other-model" });
  });

  it("says the user's own connection was refused when their server stops taking the key, and leaves the text alone", async () => {
    own.key = "sk-rotated-key-000000000";
    try {
      const res = await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: "Again." } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: "ai_misconfigured" });
      expect(res.json().message).toContain("Check the connection in Settings");
      expect(res.body).not.toContain(KEY);
    } finally {
      own.key = KEY;
    }
  });

  it("does not follow a redirect from the user's model server to another address", async () => {
    // A front that passes requests to the user's server until it is told to redirect them.
    let redirect = false;
    const front = http.createServer((req, res) => {
      const target = new URL(own.url);
      if (redirect) {
        res.writeHead(307, { location: `${own.stub.url}/chat/completions` }).end();
        req.resume();
        return;
      }
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => front.listen(0, "127.0.0.1", resolve));
    const frontUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}/v1`;
    try {
      const user = await createTestUser(t);
      expect((await put(user, { baseUrl: frontUrl, model: "m", apiKey: KEY })).statusCode).toBe(200);
      redirect = true;
      const before = own.stub.requests.length;
      const res = await request(t, "POST", "/api/ai/improve", { user, payload: { text: "Some text." } });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({ error: "ai_unavailable" });
      expect(own.stub.requests.length).toBe(before);
      expect((await request(t, "DELETE", "/api/ai/connection", { user })).statusCode).toBe(204);
    } finally {
      front.closeAllConnections();
      front.close();
    }
  });

  it("removes the connection: the user is back on the server's model and their plan", async () => {
    const del = await request(t, "DELETE", "/api/ai/connection", { user: free });
    expect(del.statusCode).toBe(204);
    expect(await rawRows()).toHaveLength(0);
    expect((await request(t, "GET", "/api/ai/connection", { user: free })).json()).toEqual({ connection: null });
    expect((await request(t, "GET", "/api/ai/capabilities", { user: free })).json()).toMatchObject({ source: "server" });
    const res = await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: "Some text." } });
    expect(res.statusCode).toBe(402);
  });

  it("allows ten connection tests a minute per user", async () => {
    const user = await createTestUser(t);
    const attempt = () => put(user, { baseUrl: own.url, model: "m", apiKey: "sk-wrong-key-000000" });
    for (let i = 0; i < 10; i++) expect((await attempt()).statusCode).toBe(422);
    const before = own.authorizations.length;
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(own.authorizations.length).toBe(before);
    // Another user is not held back.
    expect((await put(other, { baseUrl: own.url, model: "m", apiKey: "sk-wrong-key-000000" })).statusCode).toBe(422);
  });

  it("needs a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/ai/connection"],
      ["PUT", "/api/ai/connection"],
      ["DELETE", "/api/ai/connection"],
      ["GET", "/api/ai/capabilities"],
    ] as const) {
      expect((await request(t, method, url, { user: null, payload: method === "PUT" ? {} : undefined })).statusCode).toBe(401);
    }
  });
});
