// Errors for an AI answer that cannot be used as it is, and for a provider that failed. A
// cut-short or empty answer is never shown as a proposal: accepting it would replace the user's
// text with less than they had. Status 5xx so the routes answer with the error body (or an SSE
// `error` event), and calls.ts gives the reserved tokens back.
import { AppError } from "../../http/errors.js";

export type IncompleteReason = "length" | "no_finish" | "not_streamed" | "filtered";

const REASONS: Record<IncompleteReason, string> = {
  length: "the answer reached the provider's length limit",
  no_finish: "the provider's stream ended before the answer was complete",
  not_streamed: "the provider did not stream its answer",
  filtered: "the provider withheld part of the answer",
};

export const aiIncomplete = (reason: IncompleteReason) =>
  new AppError(502, "ai_incomplete", `The AI answer was cut short (${REASONS[reason]}), so nothing was changed. Please try again.`, {
    reason,
  });

export const aiEmpty = () => new AppError(502, "ai_empty", "The AI returned an empty answer, so nothing was changed. Please try again.");

export const aiTimeout = () =>
  new AppError(504, "ai_timeout", "The AI provider did not finish its answer in time, so nothing was changed. Please try again.");

// Errors of the provider itself (providers/upstream-errors.ts maps the SDK's errors to these).
// The request failed before any answer was used, so the document is as it was.

/** Retry-After as the upstream sent it (seconds or an HTTP date), or nothing when it is neither. */
function retryAfterOf(value: string | null | undefined): { header: string; seconds: number } | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d{1,9}$/.test(v)) return { header: v, seconds: Number(v) };
  const at = Date.parse(v);
  if (Number.isNaN(at) || !/^[A-Za-z0-9 ,:]+$/.test(v)) return null;
  return { header: v, seconds: Math.max(0, Math.ceil((at - Date.now()) / 1000)) };
}

/** The provider is rate-limiting this server (its 429): 503, with its Retry-After passed on. */
export function aiBusy(retryAfter: string | null | undefined): AppError {
  const r = retryAfterOf(retryAfter);
  const when = r ? `in ${r.seconds} second${r.seconds === 1 ? "" : "s"}` : "in a moment";
  return new AppError(
    503,
    "ai_busy",
    `The AI provider is busy right now, so nothing was changed. Please try again ${when}.`,
    r ? { retryAfter: r.seconds } : {},
    r ? { "retry-after": r.header } : {},
  );
}

/**
 * The provider refused the credentials or does not know the model (its 401, 403 or 404).
 * The message names what to fix and never the key.
 */
export function aiMisconfigured(owner: "server" | "user"): AppError {
  const message =
    owner === "user"
      ? "Your AI connection was refused (its key, address or model is wrong), so nothing was changed. Check the connection in Settings."
      : "The AI service is not set up correctly on this server, so nothing was changed. The problem has been logged for the administrator.";
  return new AppError(502, "ai_misconfigured", message);
}

/** The provider failed (its 5xx or another error) or could not be reached. */
export function aiUnavailable(status?: number): AppError {
  const what = status ? `failed (${status})` : "could not be reached";
  return new AppError(502, "ai_unavailable", `The AI provider ${what}, so nothing was changed. Please try again.`);
}
