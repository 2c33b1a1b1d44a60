// Picks the provider from configuration (config.ai), once per app.
import type { Config } from "../../config.js";
import { createOfflineProvider } from "./offline.js";
import type { AiProvider } from "./types.js";

export async function createProvider(config: Config): Promise<AiProvider> {
  if (config.ai.kind === "offline") return createOfflineProvider();
  // The SDK is loaded only when it is configured: loading it costs start-up time.
  const { createOpenAiProvider } = await import("./openai.js");
  return createOpenAiProvider({ ...config.ai, timeoutMs: config.AI_TIMEOUT_MS });
}
