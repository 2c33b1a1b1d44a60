// Inline suggestions: an AI proposal lives in the document as marks until the writer decides.
// `suggestionDelete` marks original words the proposal would remove (they stay in the text,
// struck through); `suggestionInsert` marks words it would add. Both carry the change's id
// (one removal and its replacement share it, so they are accepted or rejected together) and
// the group's id (one AI request). Being marks of the live document, every collaborator
// sees a pending suggestion the same way. Exports leave them out (without-suggestions.ts).
// A person's suggestion in Suggesting mode (src/client/features/suggesting/) is the same two
// marks with its author and time added; Word export writes those as tracked changes.
import { Mark, mergeAttributes } from "@tiptap/core";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "./suggestion-names.js";

export { SUGGESTION_DELETE, SUGGESTION_INSERT };

/** Typed by shape: shared code also runs on the server, which has no DOM types. */
type El = { getAttribute(name: string): string | null };

const idAttrs = {
  id: { default: null, parseHTML: (el: El) => el.getAttribute("data-suggestion-id"), renderHTML: (a: Record<string, unknown>) => (a.id ? { "data-suggestion-id": String(a.id) } : {}) },
  group: { default: null, parseHTML: (el: El) => el.getAttribute("data-suggestion-group"), renderHTML: (a: Record<string, unknown>) => (a.group ? { "data-suggestion-group": String(a.group) } : {}) },
  // A person's suggestion (suggestion-names.ts isPersonSuggestion): who and when. The name is
  // drawn as a tooltip and colours nothing; an AI proposal leaves all three null.
  author: { default: null, rendered: false },
  authorName: {
    default: null,
    parseHTML: (el: El) => el.getAttribute("data-suggestion-author"),
    renderHTML: (a: Record<string, unknown>) => (a.authorName ? { "data-suggestion-author": String(a.authorName), title: `Suggested by ${String(a.authorName)}` } : {}),
  },
  createdAt: { default: null, rendered: false },
};

export const SuggestionInsertMark = Mark.create({
  name: SUGGESTION_INSERT,
  // Typing right after a suggested word is the writer's own text, not part of the proposal.
  inclusive: false,
  excludes: SUGGESTION_DELETE,
  addAttributes() {
    return {
      ...idAttrs,
      // A grammar change the checker is not sure of: its message, and every candidate (best
      // first) as a JSON list in a string, which the live document stores as it is.
      message: { default: null, rendered: false },
      options: { default: null, rendered: false },
    };
  },
  parseHTML() {
    return [{ tag: "ins[data-suggestion-id]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["ins", mergeAttributes(HTMLAttributes, { class: "suggestion-insert" }), 0];
  },
});

export const SuggestionDeleteMark = Mark.create({
  name: SUGGESTION_DELETE,
  inclusive: false,
  excludes: SUGGESTION_INSERT,
  addAttributes() {
    return { ...idAttrs };
  },
  parseHTML() {
    return [{ tag: "del[data-suggestion-id]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["del", mergeAttributes(HTMLAttributes, { class: "suggestion-delete" }), 0];
  },
});
