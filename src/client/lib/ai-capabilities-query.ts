// The signed-in user's AI capabilities (GET /api/ai/capabilities) as one shared query. It
// sits in lib/ because two features use it: the AI feature reads it, and the settings'
// model connection invalidates it when the connection changes.
import type { AiCapabilities } from "../../shared/contracts/ai";
import { apiJson } from "./api";
import { queryClient } from "./query-client";

export const AI_CAPABILITIES_URL = "/api/ai/capabilities";
export const AI_CAPABILITIES_QUERY_KEY = [AI_CAPABILITIES_URL] as const;

/** What a user without a model has: the offline engine. Used while loading and when the check fails. */
export const OFFLINE_CAPABILITIES: AiCapabilities = {
  model: false,
  source: "offline",
  provider: "offline",
  modelName: "",
  inlineCompletion: false,
  grammarService: "built-in",
};

export function fetchAiCapabilities(signal?: AbortSignal): Promise<AiCapabilities> {
  return apiJson<AiCapabilities>("GET", AI_CAPABILITIES_URL, undefined, { signal });
}

/** Refetches the capabilities (after the model connection or the plan changed). */
export function invalidateAiCapabilities(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: AI_CAPABILITIES_QUERY_KEY });
}
