// Where a comment thread sits in the text: a mark with the thread's anchor id (threadId).
// Being a mark of the live Yjs document, it moves with the words it covers whoever edits
// around them, and every collaborator has it. A commenter may add or remove it although they
// cannot change the text: the live server accepts from a commenter only changes that leave
// the document the same apart from comment marks (src/server/collab/comment-only.ts).
// Chosen over Yjs relative positions stored with the thread: the anchor then lives in the
// document JSON every other part already reads (Word export writes it as a Word comment
// range, Word import makes it, REST saves and restores carry it) instead of needing the
// live state to find a passage.
// Threads may overlap (excludes nothing) and typing at a passage's end does not extend it
// (not inclusive). It is never parsed from pasted HTML: a copied passage must not take a
// thread along (the thread stays where it was started).
import { Mark, mergeAttributes } from "@tiptap/core";
import { COMMENT_MARK, isCommentAnchorId } from "../comment-anchor.js";

export const CommentMark = Mark.create({
  name: COMMENT_MARK,
  inclusive: false,
  excludes: "",
  spanning: true,
  addAttributes() {
    return {
      threadId: {
        default: null,
        parseHTML: () => null,
        renderHTML: (attrs: Record<string, unknown>) => (isCommentAnchorId(attrs.threadId) ? { "data-comment-thread": attrs.threadId } : {}),
      },
    };
  },
  parseHTML() {
    return [];
  },
  renderHTML({ HTMLAttributes }) {
    return ["span", mergeAttributes(HTMLAttributes, { class: "comment-anchor" }), 0];
  },
});
