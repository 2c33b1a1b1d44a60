// Turns AI call failures into toasts: an upgrade hint for a plan that lacks the feature, a
// "Connect a model" link for an action the offline engine does not do (409 model_required),
// else the server's own message.
import type { AiCapabilities } from "../../../shared/contracts/ai";
import { AI_CAPABILITIES_QUERY_KEY } from "../../lib/ai-capabilities-query";
import { ApiError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { AI_CONNECTION_SECTION, openSettings } from "../../lib/settings-link";
import { toast } from "../../lib/toast";

export const UPGRADE_MESSAGE = "AI features require a Creator or Professional subscription.";
export const SUMMARIZE_MESSAGE = "Summarization requires a Professional subscription.";

export function toastUpgrade(feature: "ai" | "summarize"): void {
  if (feature === "summarize") toast({ title: "Professional Feature", description: SUMMARIZE_MESSAGE });
  else toast({ title: "Upgrade Required", description: UPGRADE_MESSAGE });
}

/** Says that `action` needs a language model, with a link to the settings where one is connected. */
export function toastModelRequired(message: string): void {
  toast({
    title: "Needs a language model",
    description: message,
    duration: 10_000,
    action: { label: "Connect a model", onClick: () => openSettings(AI_CONNECTION_SECTION) },
  });
}

/**
 * For actions only a language model does (continue, expand): false, with the "Connect a model"
 * message, when the capabilities say no model serves this user. Before they are known the
 * action goes ahead and the server answers 409 model_required if need be.
 */
export function modelAvailable(action: string): boolean {
  const capabilities = queryClient.getQueryData<AiCapabilities>(AI_CAPABILITIES_QUERY_KEY);
  if (!capabilities || capabilities.model) return true;
  toastModelRequired(`${action} needs a language model. Connect one in Settings.`);
  return false;
}

/** The server's message, else "API request failed: {status}" (when the body carries no message). */
export function serverMessage(err: unknown): string | null {
  if (err instanceof ApiError) return typeof err.body?.message === "string" ? err.body.message : `API request failed: ${err.status}`;
  return null;
}

/**
 * Shows the right toast for a failed AI call: upgrade toasts for 402 (or a message saying
 * an upgrade is required), the quota message for 429, else `title` with the server's message
 * or the default description. Aborted calls stay silent.
 */
export function toastAiError(err: unknown, title: string, fallback?: string): void {
  if (err instanceof DOMException && err.name === "AbortError") return;
  const message = serverMessage(err);
  if (err instanceof ApiError && err.status === 402) {
    const feature = err.body?.feature === "summarize" ? "summarize" : "ai";
    if (feature === "summarize") toast({ title: "Professional Feature", description: message ?? SUMMARIZE_MESSAGE });
    else toast({ title: "Upgrade Required", description: message ?? UPGRADE_MESSAGE });
    return;
  }
  if (err instanceof ApiError && err.status === 409 && err.body?.error === "model_required") {
    toastModelRequired(message ?? "This action needs a language model. Connect one in Settings.");
    return;
  }
  if (message && /requires upgrade/i.test(message)) {
    toast({ title: "Upgrade Required", description: UPGRADE_MESSAGE });
    return;
  }
  if (err instanceof ApiError && (err.status === 429 || err.status === 413)) {
    toast({ title, description: message ?? undefined, variant: "destructive" });
    return;
  }
  // What the model server did (busy, misconfigured, down, too slow, cut short) is said by the
  // server's own message; the action's generic fallback would hide what to do about it.
  const upstream = err instanceof ApiError && typeof err.body?.error === "string" && UPSTREAM_CODES.has(err.body.error);
  toast({ title, description: (upstream ? message : fallback) ?? message ?? undefined, variant: "destructive" });
}

/** Error codes that describe the model server's answer (src/shared/errors.ts). */
const UPSTREAM_CODES = new Set(["ai_busy", "ai_misconfigured", "ai_unavailable", "ai_timeout", "ai_incomplete", "ai_empty"]);
