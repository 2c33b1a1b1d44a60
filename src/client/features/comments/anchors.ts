// The comment marks in the editor's text: where each thread's passage is, and anchoring a
// new one. The mark is src/shared/editor/marks/comment.ts; the live server accepts it from a
// commenter although they cannot type (src/server/collab/comment-only.ts).
import type { Editor } from "@tiptap/core";
import { COMMENT_MARK } from "../../../shared/editor/comment-anchor";

export interface AnchorRange {
  from: number;
  to: number;
}

/** Each thread's passage in the text (from its first marked character to its last), by anchor id. */
export function anchorRanges(editor: Editor): Map<string, AnchorRange> {
  const ranges = new Map<string, AnchorRange>();
  editor.state.doc.descendants((node, pos) => {
    if (!node.isText) return;
    for (const mark of node.marks) {
      if (mark.type.name !== COMMENT_MARK) continue;
      const id = mark.attrs.threadId as string | null;
      if (!id) continue;
      const r = ranges.get(id);
      const end = pos + node.nodeSize;
      if (r) r.to = Math.max(r.to, end);
      else ranges.set(id, { from: pos, to: end });
    }
  });
  return ranges;
}

/** A new anchor id: random, and in the pattern the server checks. */
export const newAnchorId = () => crypto.randomUUID();

/** Marks `range` with the thread's anchor (without moving the writer's selection or scroll). */
export function addAnchor(editor: Editor, range: AnchorRange, anchorId: string): boolean {
  const type = editor.schema.marks[COMMENT_MARK];
  if (!type) return false;
  const tr = editor.state.tr.addMark(range.from, range.to, type.create({ threadId: anchorId }));
  tr.setMeta("addToHistory", false);
  editor.view.dispatch(tr);
  return true;
}

/** Takes a thread's anchor out of the text (a thread that could not be saved). */
export function removeAnchor(editor: Editor, anchorId: string): void {
  const type = editor.schema.marks[COMMENT_MARK];
  const range = anchorRanges(editor).get(anchorId);
  if (!type || !range) return;
  const tr = editor.state.tr.removeMark(range.from, range.to, type.create({ threadId: anchorId }));
  tr.setMeta("addToHistory", false);
  editor.view.dispatch(tr);
}

/** The thread whose passage holds position `pos` (the innermost when they overlap). */
export function anchorAt(editor: Editor, pos: number): string | null {
  const $pos = editor.state.doc.resolve(pos);
  const marks = [...($pos.nodeAfter?.marks ?? []), ...($pos.nodeBefore?.marks ?? [])];
  const mark = marks.find((m) => m.type.name === COMMENT_MARK);
  return (mark?.attrs.threadId as string | undefined) ?? null;
}
