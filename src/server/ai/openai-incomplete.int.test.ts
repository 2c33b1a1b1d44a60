// An answer cut short or empty is an error, never a proposal: through the real SDK against
// the local stub (openai-stub.test-util.ts) speaking the wire format, each case answers with
// its own error code and leaves the month's token balance untouched. Long texts come back
// whole because they are sent in parts (split.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, request, type TestUser } from "../test/harness.js";
import { aiUsage, createOpenAiTestApp, type OpenAiTestApp, sseEvents } from "./ai.test-util.js";
import { type StubOptions, userText } from "./openai-stub.test-util.js";

/** Paragraphs of ordinary prose, `total` characters in all, separated by blank lines. */
function longText(total: number): string {
  const sentence = "The committee reviewed every proposal carefully and agreed on a plan for the coming season. ";
  const paragraphs: string[] = [];
  let length = 0;
  for (let i = 0; length < total; i++) {
    const p = `${i + 1}. ${sentence.repeat(8).trim()}`;
    paragraphs.push(p);
    length += p.length + 2;
  }
  return paragraphs.join("\n\n").slice(0, total).trim();
}

describe("AI answers that are cut short or empty", () => {
  let t: OpenAiTestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createOpenAiTestApp();
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => request(t, "POST", url, { user, payload });
  const used = async () => (await aiUsage(t, user)).used;
  const echo = (r: Parameters<NonNullable<StubOptions["reply"]>>[0]) => userText(r);
  const sentence = "The quick brown fox jumps over the lazy dog, and then it runs far away into the forest.";

  // silent: nothing was streamed before the failure, so the stream endpoint answers like a JSON call (sse.ts).
  const cases: Array<{ name: string; options: StubOptions; code: string; silent?: boolean }> = [
    { name: "a stream that ends without a finish reason or [DONE]", options: { reply: echo, chunks: 6, cutAfter: 3 }, code: "ai_incomplete" },
    { name: "a stream that finishes but never sends [DONE]", options: { reply: echo, omitDone: true }, code: "ai_incomplete" },
    { name: 'a finish reason of "length"', options: { reply: (r) => echo(r).repeat(400) }, code: "ai_incomplete" },
    { name: "an empty answer", options: { reply: () => "" }, code: "ai_empty", silent: true },
    { name: "a blank answer", options: { reply: () => "  \n " }, code: "ai_empty", silent: true },
    { name: "a JSON reply to a stream request", options: { reply: echo, jsonForStream: true }, code: "ai_incomplete", silent: true },
  ];

  for (const c of cases) {
    it(`${c.name}: JSON endpoints answer ${c.code} with 502 and charge nothing`, async () => {
      t.stub.options = c.options;
      const before = await used();
      for (const [url, payload] of [
        ["/api/ai/improve", { text: sentence }],
        ["/api/ai/grammar", { text: sentence }],
      ] as const) {
        const res = await post(url, payload);
        expect(res.statusCode, url).toBe(502);
        expect(res.json(), url).toMatchObject({ error: c.code, message: expect.stringMatching(/nothing was changed/) });
        expect(res.json()).not.toHaveProperty("correctedText");
      }
      expect(await used()).toBe(before);
    });

    it(`${c.name}: the stream ${c.silent ? "is refused with a 502" : "ends in an error event"} ${c.code}, never done, and charges nothing`, async () => {
      t.stub.options = c.options;
      const before = await used();
      const res = await post("/api/ai/rewrite/stream", { text: sentence, style: "professional" });
      if (c.silent) {
        expect(res.statusCode).toBe(502);
        expect(res.json()).toMatchObject({ error: c.code, message: expect.stringMatching(/nothing was changed/) });
      } else {
        expect(res.statusCode).toBe(200);
        const events = sseEvents(res.body);
        expect(events.some((e) => e.type === "done")).toBe(false);
        expect(events.at(-1)).toMatchObject({ type: "error", error: c.code });
      }
      expect(await used()).toBe(before);
    });
  }

  it("a 19,000-character improve comes back whole, sent as several calls over groups of paragraphs", async () => {
    t.stub.options = { reply: echo };
    const text = longText(19_000);
    expect(text.length).toBeGreaterThan(18_900);
    const before = t.stub.requests.length;
    const res = await post("/api/ai/improve", { text });
    expect(res.statusCode).toBe(200);
    expect(res.json().improvement).toBe(text);
    const calls = t.stub.requests.slice(before);
    expect(calls.length).toBeGreaterThan(1);
    // Every part is whole paragraphs, in order, each within the answer cap.
    expect(calls.map(userText).join("\n\n")).toBe(text);
    for (const c of calls) expect(c.max_tokens).toBeLessThan(4096);
  });

  it("a 19,000-character grammar check, rewrite and tone change come back whole, streamed in order", async () => {
    t.stub.options = { reply: echo, chunks: 3 };
    const text = longText(19_000);
    const g = await post("/api/ai/grammar", { text });
    expect(g.json()).toMatchObject({ correctedText: text, changes: [] });
    for (const [url, payload] of [
      ["/api/ai/rewrite/stream", { text, style: "expand" }],
      ["/api/ai/tone/stream", { text, tone: "friendly" }],
    ] as const) {
      const events = sseEvents((await post(url, payload)).body);
      const done = events.at(-1)!;
      expect(done, url).toMatchObject({ type: "done", text });
      expect(events.filter((e) => e.type === "delta").map((e) => e.text).join(""), url).toBe(text);
    }
  });

  it("a continuation that reaches its length limit keeps its whole sentences: it is inserted, never written over text", async () => {
    t.stub.options = { reply: () => " The sea was calm that night. The writer looked out and began to".repeat(40) };
    const res = await post("/api/ai/complete", { text: "Once upon a time" });
    expect(res.statusCode).toBe(200);
    expect(res.json().completion).toMatch(/^ The sea was calm that night\..*\.$/s);
  });

  it("a long text whose second part fails is an error as a whole, charging nothing", async () => {
    let calls = 0;
    t.stub.options = { reply: (r) => (++calls === 2 ? "" : echo(r)) };
    const before = await used();
    const res = await post("/api/ai/improve", { text: longText(19_000) });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("ai_empty");
    expect(await used()).toBe(before);
  });
});

describe("AI answers slower than AI_TIMEOUT_MS", () => {
  let t: OpenAiTestApp;
  let user: TestUser;
  beforeAll(async () => {
    // The stub stalls for good in these tests, so the shortest allowed timeout always fires.
    t = await createOpenAiTestApp({ timeoutMs: 1000 });
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => request(t, "POST", url, { user, payload });
  const used = async () => (await aiUsage(t, user)).used;

  it("a model that starts answering and then stalls: 504 ai_timeout on JSON, an ai_timeout error event mid-stream, nothing charged", async () => {
    t.stub.options = { reply: () => "The first words of an answer that never ends.", chunks: 4, stallAfter: 2 };
    const before = await used();
    const json = await post("/api/ai/improve", { text: "Some text to improve." });
    expect(json.statusCode).toBe(504);
    expect(json.json()).toMatchObject({ error: "ai_timeout", message: expect.stringMatching(/in time/) });
    const stream = await post("/api/ai/improve/stream", { text: "Some text to improve." });
    const events = sseEvents(stream.body);
    expect(events.some((e) => e.type === "delta")).toBe(true);
    expect(events.some((e) => e.type === "done")).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: "error", error: "ai_timeout" });
    expect(await used()).toBe(before);
  });

  it("a model that never answers: 504 ai_timeout before anything is streamed", async () => {
    t.stub.options = { hang: true };
    const res = await post("/api/ai/grammar", { text: "Some text to check." });
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toBe("ai_timeout");
  });
});
