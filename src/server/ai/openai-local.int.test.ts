// The local-model recipe in the README: a server shaped like Ollama's OpenAI-compatible API
// (/v1/chat/completions and /v1/models, no key) configured with AI_BASE_URL and AI_MODEL only.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { sseEvents } from "./ai.test-util.js";
import { type OpenAiStub, startOpenAiStub, userText } from "./openai-stub.test-util.js";

const MODEL = "qwen2.5:3b-instruct";

describe("a local model server without a key (Ollama-shaped)", () => {
  let stub: OpenAiStub;
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    stub = await startOpenAiStub({ models: [MODEL, "llama3.2:1b"], reply: (r) => `Improved: ${userText(r)}` });
    t = await createTestApp({ AI_BASE_URL: stub.url, AI_MODEL: MODEL });
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it("health asks the server's /v1/models and finds the model", async () => {
    const res = await request(t, "GET", "/api/ai/health");
    expect(res.json()).toEqual({ status: "ok", openai: false, deepseek: false, engine: "openai-compatible", provider: "custom", model: MODEL });
    expect(stub.modelRequests).toBe(1);
  });

  it("answers JSON and streamed calls with the configured model, sending no Authorization header at all", async () => {
    const json = await request(t, "POST", "/api/ai/improve", { user, payload: { text: "We was late." } });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ improvement: "Improved: We was late.", engine: "openai-compatible", model: MODEL });
    const stream = await request(t, "POST", "/api/ai/ask/stream", { user, payload: { text: "We was late.", instruction: "Fix it" } });
    expect(sseEvents(stream.body).at(-1)).toMatchObject({ type: "done", text: "Improved: We was late.", model: MODEL });
    expect(stub.requests.map((r) => r.model)).toEqual([MODEL, MODEL]);
    expect(stub.authorization.length).toBeGreaterThanOrEqual(3);
    expect(stub.authorization.every((h) => h === undefined)).toBe(true);
  });
});
