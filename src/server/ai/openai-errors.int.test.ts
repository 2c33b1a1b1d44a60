// A model server that refuses or fails: each cause has its own status and code on the JSON
// and the streaming endpoints, the writer gets a message that says what happened (never the
// key), nothing is proposed and nothing is charged. Through the real SDK against the stub.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type LogLine, request, type TestApp, type TestUser } from "../test/harness.js";
import { aiUsage, sseEvents } from "./ai.test-util.js";
import { type OpenAiStub, startOpenAiStub } from "./openai-stub.test-util.js";

const KEY = "sk-secret-key-1234567890";

/** The app against the stub, with its JSON log lines kept (warn and above), as the server logs them. */
async function appWithLog(): Promise<TestApp & { stub: OpenAiStub; logs: LogLine[] }> {
  const stub = await startOpenAiStub();
  const logs: LogLine[] = [];
  const t = await createTestApp(
    { LOG_LEVEL: "warn", AI_BASE_URL: stub.url, AI_API_KEY: KEY, AI_MODEL: "stub-model", AI_TIMEOUT_MS: "1000" },
    { logs },
  );
  return {
    ...t,
    stub,
    logs,
    async close() {
      await t.close();
      await stub.close();
    },
  };
}

describe("Upstream errors", () => {
  let t: Awaited<ReturnType<typeof appWithLog>>;
  let user: TestUser;
  beforeAll(async () => {
    t = await appWithLog();
    user = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object) => request(t, "POST", url, { user, payload });
  const used = async () => (await aiUsage(t, user)).used;
  const JSON_AND_STREAM = [
    ["/api/ai/improve", { text: "Some text to improve." }],
    ["/api/ai/improve/stream", { text: "Some text to improve." }],
    ["/api/ai/ask/stream", { text: "Some text.", instruction: "Shorten" }],
  ] as const;

  it("a 429 from the provider is a 503 ai_busy with its Retry-After passed on, refused before any stream opens, asked once", async () => {
    t.stub.options = { failStatus: 429, failHeaders: { "retry-after": "30" } };
    const before = await used();
    for (const [url, payload] of JSON_AND_STREAM) {
      const calls = t.stub.requests.length;
      const res = await post(url, payload);
      expect(res.statusCode, url).toBe(503);
      expect(res.headers["content-type"], url).toMatch(/^application\/json/);
      expect(res.headers["retry-after"], url).toBe("30");
      expect(res.json(), url).toEqual({ error: "ai_busy", message: expect.stringMatching(/busy.*nothing was changed.*in 30 seconds/), retryAfter: 30 });
      // Not retried behind the writer's back: the writer decides when to try again.
      expect(t.stub.requests.length - calls, url).toBe(1);
    }
    expect(await used()).toBe(before);
  });

  it("a 429 without Retry-After is a 503 ai_busy without one", async () => {
    t.stub.options = { failStatus: 429 };
    const res = await post("/api/ai/grammar", { text: "Some text." });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBeUndefined();
    expect(res.json()).toMatchObject({ error: "ai_busy", message: expect.stringMatching(/in a moment/) });
  });

  for (const status of [401, 403]) {
    it(`a ${status} from the provider is a configuration error: 502 ai_misconfigured without the key, logged at error level`, async () => {
      t.stub.options = { failStatus: status };
      const logsBefore = t.logs.length;
      for (const [url, payload] of JSON_AND_STREAM) {
        const res = await post(url, payload);
        expect(res.statusCode, url).toBe(502);
        expect(res.json(), url).toEqual({ error: "ai_misconfigured", message: expect.stringMatching(/not set up correctly.*nothing was changed/) });
        expect(res.body, url).not.toContain(KEY);
      }
      const lines = t.logs.slice(logsBefore).filter((l) => l.msg.startsWith("AI provider refused the API key"));
      expect(lines).toHaveLength(JSON_AND_STREAM.length);
      expect(lines[0]).toMatchObject({ level: 50, status, provider: "custom", model: "stub-model", baseURL: t.stub.url });
      expect(JSON.stringify(t.logs)).not.toContain(KEY);
    });
  }

  it("a 404 (a model or address the server does not know) is the same configuration error, logged as such", async () => {
    t.stub.options = { failStatus: 404 };
    const logsBefore = t.logs.length;
    const res = await post("/api/ai/grammar", { text: "Some text." });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toBe("ai_misconfigured");
    expect(t.logs.slice(logsBefore)).toEqual([
      expect.objectContaining({ level: 50, status: 404, msg: "AI provider does not know the model or the address: check AI_BASE_URL, AI_API_KEY and AI_MODEL" }),
    ]);
  });

  it("a 500 and a dropped connection are 502 ai_unavailable", async () => {
    for (const options of [{ failStatus: 500 }, { dropConnection: true }]) {
      t.stub.options = options;
      for (const [url, payload] of JSON_AND_STREAM) {
        const res = await post(url, payload);
        expect(res.statusCode, `${url} ${JSON.stringify(options)}`).toBe(502);
        expect(res.json().error).toBe("ai_unavailable");
        expect(res.json().message).toMatch(options.failStatus ? /failed \(500\).*nothing was changed/ : /could not be reached/);
      }
    }
  });

  it("a model that never answers is a 504 ai_timeout on the stream path too, before it opens", async () => {
    t.stub.options = { hang: true };
    const res = await post("/api/ai/improve/stream", { text: "Some text." });
    expect(res.statusCode).toBe(504);
    expect(res.json().error).toBe("ai_timeout");
  });

  for (const url of ["/api/ai/improve", "/api/ai/improve/stream"]) {
    it(`a browser that leaves ${url} before the first word is no error: nothing is logged at error level and upstream is cancelled`, async () => {
      t.stub.options = { hang: true };
      const abortedBefore = t.stub.aborted;
      const logsBefore = t.logs.length;
      if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
      const { port } = t.app.server.address() as { port: number };
      const controller = new AbortController();
      const calls = t.stub.requests.length;
      const pending = fetch(`http://127.0.0.1:${port}${url}`, {
        method: "POST",
        headers: { ...user.headers, "content-type": "application/json" },
        body: JSON.stringify({ text: "Leaving soon." }),
        signal: controller.signal,
      }).catch(() => null);
      await expect.poll(() => t.stub.requests.length).toBe(calls + 1);
      controller.abort();
      await pending;
      // The upstream sees its connection close only after our handler has dealt with the abort.
      await expect.poll(() => t.stub.aborted).toBe(abortedBefore + 1);
      expect(t.logs.slice(logsBefore).filter((l) => l.level >= 50)).toEqual([]);
    });
  }

  it("a failure after the first words ends the stream with an error event carrying the code, never done", async () => {
    t.stub.options = { reply: () => "The first words of an answer.", chunks: 4, cutAfter: 2 };
    const res = await post("/api/ai/ask/stream", { text: "Some text.", instruction: "Shorten" });
    expect(res.statusCode).toBe(200);
    const events = sseEvents(res.body);
    expect(events.some((e) => e.type === "delta")).toBe(true);
    expect(events.some((e) => e.type === "done")).toBe(false);
    expect(events.at(-1)).toMatchObject({ type: "error", error: "ai_incomplete" });
  });
});
