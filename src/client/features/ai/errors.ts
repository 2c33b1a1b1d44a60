// Turns AI call failures into toasts: an upgrade hint for a plan that lacks the feature, a
// "Connect a model" link for an action the offline engine does not do (409 model_required),
// else the server's own message.
import type { AiCapabilities } from "../../../shared/contracts/ai";
import { AI_ACTIONS, type AiAccess, type AiAction, upgradeMessage } from "../../../shared/plans";
import { AI_CAPABILITIES_QUERY_KEY } from "../../lib/ai-capabilities-query";
import { ApiError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import { AI_CONNECTION_SECTION, openSettings, SUBSCRIPTION_SECTION } from "../../lib/settings-link";
import { toast } from "../../lib/toast";

/**
 * Says which plan `action` needs (the table in shared/plans.ts, which the server's 402 names
 * too), with a way to the plans.
 */
export function toastUpgrade(action: AiAction, message = upgradeMessage(action)): void {
  toast({
    title: "Upgrade Required",
    description: `${message} Upgrade to use it.`,
    duration: 10_000,
    action: { label: "See plans", onClick: () => openSettings(SUBSCRIPTION_SECTION) },
  });
}

/** Explains why `access` refuses `action` (the plan it needs, or a model); true when it may run. */
export function explainRefusal(action: AiAction, access: AiAccess): boolean {
  if (access.kind === "plan") toastUpgrade(action, access.message);
  else if (access.kind === "model") toastModelRequired(access.message);
  return access.kind === "allowed";
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
    const action = isAiAction(err.body?.feature) ? err.body.feature : null;
    if (action) toastUpgrade(action, message ?? undefined);
    else toast({ title: "Upgrade Required", description: message ?? "Your plan does not include this. Upgrade to use it." });
    return;
  }
  if (err instanceof ApiError && err.status === 409 && err.body?.error === "model_required") {
    toastModelRequired(message ?? "This action needs a language model. Connect one in Settings.");
    return;
  }
  if (message && /requires upgrade/i.test(message)) {
    toast({ title: "Upgrade Required", description: message });
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

const isAiAction = (value: unknown): value is AiAction => typeof value === "string" && (AI_ACTIONS as readonly string[]).includes(value);

/** Error codes that describe the model server's answer (src/shared/errors.ts). */
const UPSTREAM_CODES = new Set(["ai_busy", "ai_misconfigured", "ai_unavailable", "ai_timeout", "ai_incomplete", "ai_empty"]);
