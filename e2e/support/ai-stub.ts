// The app with its built-in AI answered by an OpenAI-compatible stub
// (src/server/ai/openai-stub.test-util.ts), for tests that choose what the model says.
import { afterAll, beforeAll } from "vitest";
import { type OpenAiStub, startOpenAiStub } from "../../src/server/ai/openai-stub.test-util.js";
import { type AppAndBrowser, type AppOptions, startAppAndBrowser } from "./app.js";

/**
 * `startAppAndBrowser` with the stub started first and closed last; a test sets
 * `app.stub.options` to choose the next answers.
 */
export function startAppWithAiStub(opts: Omit<AppOptions, "env"> = {}): AppAndBrowser & { readonly stub: OpenAiStub } {
  let stub: OpenAiStub | undefined;
  // Filled in before the server starts: the app's start hook runs after the stub's.
  const env: Record<string, string> = { AI_API_KEY: "sk-test", AI_MODEL: "stub-model" };
  beforeAll(async () => {
    stub = await startOpenAiStub();
    env.AI_BASE_URL = stub.url;
  });
  afterAll(async () => stub?.close());
  const app = startAppAndBrowser({ ...opts, env });
  return Object.defineProperty(app, "stub", {
    get() {
      if (!stub) throw new Error("the AI stub is not started yet: use it inside a test or a hook");
      return stub;
    },
  }) as AppAndBrowser & { readonly stub: OpenAiStub };
}
