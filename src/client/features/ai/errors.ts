// Turns AI call failures into toasts: an upgrade hint for a plan that lacks the feature,
// else the server's own message.
import { ApiError } from "../../lib/api";
import { toast } from "../../lib/toast";

export const UPGRADE_MESSAGE = "AI features require a Creator or Professional subscription.";
export const SUMMARIZE_MESSAGE = "Summarization requires a Professional subscription.";

export function toastUpgrade(feature: "ai" | "summarize"): void {
  if (feature === "summarize") toast({ title: "Professional Feature", description: SUMMARIZE_MESSAGE });
  else toast({ title: "Upgrade Required", description: UPGRADE_MESSAGE });
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
  if (message && /requires upgrade/i.test(message)) {
    toast({ title: "Upgrade Required", description: UPGRADE_MESSAGE });
    return;
  }
  if (err instanceof ApiError && (err.status === 429 || err.status === 413)) {
    toast({ title, description: message ?? undefined, variant: "destructive" });
    return;
  }
  toast({ title, description: fallback ?? message ?? undefined, variant: "destructive" });
}
