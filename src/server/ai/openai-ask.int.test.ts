// Ask AI (POST /api/ai/ask and /api/ai/ask/stream): the writer's instruction applied to the
// selection, through the real SDK against the local stub; refused on plans without AI, and
// by the offline engine, which cannot follow a free instruction.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { createOpenAiTestApp, type OpenAiTestApp, sseEvents } from "./ai.test-util.js";

describe("Ask AI through an OpenAI-compatible server", () => {
  let t: OpenAiTestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createOpenAiTestApp();
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, who = user) => request(t, "POST", url, { user: who, payload });

  it("answers with the model's result and the usual meta, and sends the instruction with the text", async () => {
    t.stub.options = { reply: () => "- Fast\n- Cheap", chunks: 2 };
    const res = await post("/api/ai/ask", { text: "It is fast and cheap.", instruction: "Turn into a bulleted list" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: "- Fast\n- Cheap", engine: "openai-compatible", model: "stub-model", usage: { tokens: 18 } });
    const sent = JSON.stringify(t.stub.requests.at(-1)!.messages);
    expect(sent).toContain("Turn into a bulleted list");
    expect(sent).toContain("It is fast and cheap.");
  });

  it("streams the answer as SSE deltas ending in done", async () => {
    t.stub.options = { reply: () => "Dear customer, thank you for waiting.", chunks: 4 };
    const res = await post("/api/ai/ask/stream", { text: "You waited.", instruction: "Make this friendlier for customers", context: "Support reply." });
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(events.filter((e) => e.type === "delta").map((e) => e.text).join("")).toBe("Dear customer, thank you for waiting.");
    expect(events.at(-1)).toMatchObject({ type: "done", text: "Dear customer, thank you for waiting.", engine: "openai-compatible" });
  });

  it("refuses a missing instruction with 400 and an over-long context with 413, before calling the model", async () => {
    const before = t.stub.requests.length;
    const missing = await post("/api/ai/ask", { text: "Some text." });
    expect(missing.statusCode).toBe(400);
    const blank = await post("/api/ai/ask", { text: "Some text.", instruction: "   " });
    expect(blank.statusCode).toBe(400);
    const long = await post("/api/ai/ask", { text: "Some text.", instruction: "Shorten", context: "x".repeat(20_001) });
    expect(long.statusCode).toBe(413);
    expect(t.stub.requests.length).toBe(before);
  });

  it("is gated like rewrite: a Gratis user gets 402 upgrade_required on both paths", async () => {
    const free = await createTestUser(t, { plan: "gratis" });
    for (const url of ["/api/ai/ask", "/api/ai/ask/stream"]) {
      const res = await post(url, { text: "Some text.", instruction: "Shorten" }, free);
      expect(res.statusCode, url).toBe(402);
      expect(res.json(), url).toMatchObject({ error: "upgrade_required", feature: "ask" });
    }
  });
});

describe("Ask AI on the offline engine", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => t.close());

  it("answers 409 model_required with a message naming the way out, on the stream path before any stream opens", async () => {
    for (const url of ["/api/ai/ask", "/api/ai/ask/stream"]) {
      const res = await request(t, "POST", url, { user, payload: { text: "Some text.", instruction: "Shorten" } });
      expect(res.statusCode, url).toBe(409);
      expect(res.json(), url).toEqual({ error: "model_required", message: "Ask AI needs a language model. Connect one in Settings." });
    }
  });
});
