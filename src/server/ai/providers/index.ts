// Picks the AI adapter from configuration (config.ai): the built-in offline engine
// (builtin.ts) or an OpenAI-compatible API (openai.ts). Called once, by services.ts.
import type { Config } from "../../config.js";
import { createOfflineProvider } from "./builtin.js";
import type { AiProvider } from "./types.js";

export type { AiProvider } from "./types.js";

export async function createAiProvider(config: Config): Promise<AiProvider> {
  if (config.ai.kind === "offline") return createOfflineProvider();
  // The SDK is loaded only when it is configured: loading it costs start-up time.
  const { createOpenAiProvider } = await import("./openai.js");
  return createOpenAiProvider({ ...config.ai, timeoutMs: config.AI_TIMEOUT_MS });
}
