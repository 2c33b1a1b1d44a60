// The names of the two suggestion marks, apart from their TipTap definitions
// (suggestion-marks.ts) so plain-text code can know them without loading the editor library.
export const SUGGESTION_INSERT = "suggestionInsert";
export const SUGGESTION_DELETE = "suggestionDelete";
/** The block attribute of a suggested paragraph break (suggested-break.ts). */
export const SUGGESTED_BREAK = "suggestedBreak";
/** Meta of a transaction that decides suggestions (Suggesting mode's tracking lets it through as it is). */
export const SUGGESTION_DECISION = "suggestionDecision";

/**
 * A person's suggestion (Suggesting mode, or a tracked change from a Word file) names its
 * author for display; an AI proposal never does. Attributes a person's suggestion carries:
 * `author` (the user id, null for a Word author who is no user here), `authorName`,
 * `createdAt` (ISO time), beside the `id` and `group` every suggestion has.
 */
export function isPersonSuggestion(attrs: { authorName?: unknown } | null | undefined): boolean {
  return typeof attrs?.authorName === "string" && attrs.authorName.length > 0;
}

/** Limits of a suggestion's attributes (validate.ts checks stored and live content against them). */
export const SUGGESTION_AUTHOR = /^[A-Za-z0-9_-]{1,64}$/;
export const SUGGESTION_AUTHOR_NAME_MAX = 200;
export const SUGGESTION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
