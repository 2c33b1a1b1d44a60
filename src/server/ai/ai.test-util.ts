// What the AI integration tests share: an app whose model is the local OpenAI-compatible
// stub (openai-stub.test-util.ts), the month's token balance, and the events of an SSE answer.
import { type TestApp, type TestUser, createTestApp, request } from "../test/harness.js";
import { type OpenAiStub, type StubOptions, startOpenAiStub } from "./openai-stub.test-util.js";

export interface OpenAiTestApp extends TestApp {
  stub: OpenAiStub;
}

/**
 * A test app whose AI provider is a fresh stub answering as `stub` says; `close()` stops
 * both. AI_TIMEOUT_MS is 8 s unless a test of the timeout asks for less.
 */
export async function createOpenAiTestApp(opts: { stub?: StubOptions; timeoutMs?: number } = {}): Promise<OpenAiTestApp> {
  const stub = await startOpenAiStub(opts.stub);
  const t = await createTestApp({
    AI_BASE_URL: stub.url,
    AI_API_KEY: "sk-test",
    AI_MODEL: "stub-model",
    AI_TIMEOUT_MS: String(opts.timeoutMs ?? 8000),
  });
  return {
    ...t,
    stub,
    async close() {
      await t.close();
      await stub.close();
    },
  };
}

/** GET /api/ai/usage: the user's plan and the month's tokens used, limit and remaining. */
export async function aiUsage(t: Pick<TestApp, "app">, user: Pick<TestUser, "headers">) {
  return (await request(t, "GET", "/api/ai/usage", { user })).json() as { plan: string; used: number; limit: number; remaining: number };
}

export interface SseEvent {
  type: string;
  text?: string;
  error?: string;
  message?: string;
  [field: string]: unknown;
}

/** The events of an SSE answer, one per `data:` line. */
export function sseEvents(body: string): SseEvent[] {
  return body
    .split("\n\n")
    .map((block) => block.split("\n").find((l) => l.startsWith("data: ")))
    .filter((l): l is string => !!l)
    .map((l) => JSON.parse(l.slice(6)) as SseEvent);
}
