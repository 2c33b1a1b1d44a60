// A suggested paragraph break (Enter in Suggesting mode): the block that starts after the
// break carries `suggestedBreak`, the same attributes a person's suggestion mark has (`id`,
// `group`, `author`, `authorName`, `createdAt`, suggestion-names.ts), so every reader of
// suggestions (deciding, withdrawing, a commenter's check, exports) treats it as one of them.
// Accepting it drops the attribute; rejecting it joins the block to the one before, or to the
// last item of a list before it (src/client/lib/suggestions/resolve.ts). Exports read the document with the two blocks
// joined, as it reads before the break is accepted (without-suggestions.ts).
import { Extension } from "@tiptap/core";
import { SUGGESTED_BREAK, SUGGESTION_AUTHOR, SUGGESTION_AUTHOR_NAME_MAX, SUGGESTION_TIME } from "./suggestion-names.js";

export { SUGGESTED_BREAK };
/** The blocks a break may be suggested before: text blocks a writer splits with Enter. */
export const BREAK_BLOCKS = ["paragraph", "heading"] as const;

/**
 * The lists a block after a suggested break joins back into when it follows one (Enter in an
 * empty last item in Suggesting mode leaves the list that way): their last item's last text block.
 */
export const LIST_WRAPPERS: ReadonlySet<string> = new Set(["bulletList", "orderedList", "taskList"]);

export interface SuggestedBreakAttrs {
  id: string;
  group: string;
  author: string | null;
  authorName: string;
  createdAt: string | null;
}

/** The suggested break a block's attributes hold, or null. */
export function suggestedBreakOf(attrs: Record<string, unknown> | null | undefined): SuggestedBreakAttrs | null {
  const value = attrs?.[SUGGESTED_BREAK];
  return typeof value === "object" && value !== null ? (value as SuggestedBreakAttrs) : null;
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const KEYS = new Set(["id", "group", "author", "authorName", "createdAt"]);

/** Why a `suggestedBreak` value is refused (null when it is fine): stored content and live changes alike. */
export function checkSuggestedBreak(kind: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const bad = `${kind}.${SUGGESTED_BREAK} has an unsupported value`;
  if (typeof value !== "object" || Array.isArray(value)) return bad;
  const v = value as Record<string, unknown>;
  if (Object.keys(v).some((k) => !KEYS.has(k))) return bad;
  if (!(typeof v.id === "string" && ID.test(v.id))) return bad;
  if (v.group != null && !(typeof v.group === "string" && ID.test(v.group))) return bad;
  if (v.author != null && !(typeof v.author === "string" && SUGGESTION_AUTHOR.test(v.author))) return bad;
  if (!(typeof v.authorName === "string" && v.authorName.length > 0 && v.authorName.length <= SUGGESTION_AUTHOR_NAME_MAX)) return bad;
  // A Word author's break may come without a time.
  if (v.createdAt != null && !(typeof v.createdAt === "string" && SUGGESTION_TIME.test(v.createdAt))) return bad;
  return null;
}

export const SuggestedBreak = Extension.create({
  name: SUGGESTED_BREAK,
  addGlobalAttributes() {
    return [
      {
        types: [...BREAK_BLOCKS],
        attributes: {
          // Not drawn in the HTML (the editor draws a ¶ as a decoration) and never copied to
          // the block after a split: Enter in such a block starts an ordinary one.
          [SUGGESTED_BREAK]: { default: null, rendered: false, keepOnSplit: false, parseHTML: () => null },
        },
      },
    ];
  },
});
