// /api/ai/health asks the model server (GET {AI_BASE_URL}/models) instead of assuming it is
// up, at most once every few seconds, and says why it is degraded without naming the key or
// the address. Against the local OpenAI-compatible stub.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { request } from "../test/harness.js";
import { createOpenAiTestApp, type OpenAiTestApp } from "./ai.test-util.js";
import { type OpenAiStub, type StubOptions, startOpenAiStub } from "./openai-stub.test-util.js";
import { probeModelServer } from "./providers/probe.js";

describe("/api/ai/health with a model server", () => {
  let t: OpenAiTestApp;
  beforeAll(async () => {
    t = await createOpenAiTestApp();
  });
  afterAll(async () => t.close());

  it("is ok when the server lists the model, asking with the key, and asks again only after a few seconds", async () => {
    const res = await request(t, "GET", "/api/ai/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", openai: false, deepseek: false, engine: "openai-compatible", provider: "custom", model: "stub-model" });
    expect(t.stub.modelRequests).toBe(1);
    expect(t.stub.authorization.at(-1)).toBe("Bearer sk-test");
    // Twenty more asks, even with the server now failing, reach it not once more within the period.
    t.stub.options = { modelsStatus: 500 };
    const again = await Promise.all(Array.from({ length: 20 }, () => request(t, "GET", "/api/ai/health")));
    expect(again.every((r) => r.json().status === "ok")).toBe(true);
    expect(t.stub.modelRequests).toBe(1);
  });
});

describe("/api/ai/health with a model server that refuses the key", () => {
  let t: OpenAiTestApp;
  beforeAll(async () => {
    t = await createOpenAiTestApp({ stub: { requireKey: "sk-other" } });
  });
  afterAll(async () => t.close());

  it("is degraded with the reason, naming neither key nor address", async () => {
    const res = await request(t, "GET", "/api/ai/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: "degraded",
      reason: "The model server refused the API key (401).",
      openai: false,
      deepseek: false,
      engine: "openai-compatible",
      provider: "custom",
      model: "stub-model",
    });
    expect(res.body).not.toContain("sk-test");
    expect(res.body).not.toContain("127.0.0.1");
  });
});

describe("probing a model server", () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => stub.close());

  const probe = (options: StubOptions, model = "stub-model") => {
    stub.options = options;
    return probeModelServer({ baseURL: stub.url, apiKey: "sk-test", model, timeoutMs: 500 });
  };

  it("tells each way of failing apart", async () => {
    expect(await probe({})).toEqual({ status: "ok" });
    expect(await probe({}, "gpt-9")).toEqual({ status: "degraded", reason: 'The model server does not offer the model "gpt-9".' });
    expect(await probe({ modelsStatus: 403 })).toEqual({ status: "degraded", reason: "The model server refused the API key (403)." });
    expect(await probe({ modelsStatus: 429 })).toEqual({ status: "degraded", reason: "The model server is rate-limiting requests (429)." });
    expect(await probe({ modelsStatus: 502 })).toEqual({ status: "degraded", reason: "The model server answered 502 to a request for its models." });
    // The stub never answers here, so the probe's own timeout always ends it.
    expect(await probe({ modelsHang: true })).toEqual({ status: "degraded", reason: "The model server did not answer within 0.5 s." });
  });

  it("a server that is not there could not be reached", async () => {
    const gone = await startOpenAiStub();
    await gone.close();
    expect(await probeModelServer({ baseURL: gone.url, model: "stub-model", timeoutMs: 2000 })).toEqual({
      status: "degraded",
      reason: "The model server could not be reached.",
    });
  });
});
