// Errors for an AI answer that cannot be used as it is. A cut-short or empty answer is never
// shown as a proposal: accepting it would replace the user's text with less than they had.
// Status 502/504 so the routes answer with the error body (or an SSE `error` event), and
// calls.ts gives the reserved tokens back.
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
