// Picks the provider from configuration (config.ai), once per app.
import type { Config } from "../../config.js";
import { createOfflineProvider } from "./offline.js";
import { createOpenAiProvider } from "./openai.js";
import type { AiProvider } from "./types.js";

export function createProvider(config: Config): AiProvider {
  if (config.ai.kind === "offline") return createOfflineProvider();
  return createOpenAiProvider({ ...config.ai, timeoutMs: config.AI_TIMEOUT_MS });
}
