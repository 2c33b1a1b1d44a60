// Picks the AI adapter from configuration (config.ai): the built-in offline engine
// (builtin.ts) or an OpenAI-compatible API (openai.ts). Called once, by services.ts.
import type { Config } from "../../config.js";
import { createOfflineProvider } from "./builtin.js";
import type { OpenAiCompatibleConfig } from "./openai.js";
import type { AiProvider } from "./types.js";
import type { UpstreamLog } from "./upstream-errors.js";

export type { AiProvider, AiTask, AiTaskKind } from "./types.js";
export type { OpenAiCompatibleConfig } from "./openai.js";
export type { UpstreamLog } from "./upstream-errors.js";
export { type ModelServerCheck, probeModelServer } from "./probe.js";

/**
 * A provider for one OpenAI-compatible server (a user's own connection, say). Async because
 * the SDK is loaded on first use.
 */
export async function loadOpenAiProvider(cfg: OpenAiCompatibleConfig): Promise<AiProvider> {
  const { createOpenAiProvider } = await import("./openai.js");
  return createOpenAiProvider(cfg);
}

export async function createAiProvider(config: Config, log?: UpstreamLog): Promise<AiProvider> {
  if (config.ai.kind === "offline") return createOfflineProvider();
  // The SDK is loaded only when it is configured: loading it costs start-up time.
  const { createOpenAiProvider } = await import("./openai.js");
  // config.ts fills in "not-needed" when AI_API_KEY is unset: that is no key at all.
  const apiKey = config.ai.apiKey === "not-needed" ? undefined : config.ai.apiKey;
  return createOpenAiProvider({ ...config.ai, apiKey, timeoutMs: config.AI_TIMEOUT_MS, owner: "server", log });
}
