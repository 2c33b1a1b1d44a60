// Whether the live document holds something (a comment's anchor, a person's suggestion),
// for a part of the editor whose code need not load until it does. Looked at once the text
// has arrived, then again after changes (the writer's or a co-writer's), at most every few
// seconds and never inside a keystroke: a look walks the whole document, and a large one
// must not pay for it on every change. Once found, it stays found.
import type { Editor } from "@tiptap/core";
import type { Mark, Node as PMNode } from "@tiptap/pm/model";
import { useEffect, useState } from "react";

/** The least time between two looks after changes. */
export const RELOOK_MS = 2000;

/** Whether any text of `doc` carries a mark `wanted` accepts. */
export function holdsMark(doc: PMNode, wanted: (mark: Mark) => boolean): boolean {
  let found = false;
  doc.descendants((node) => {
    if (found) return false;
    if (node.isInline && node.marks.some(wanted)) found = true;
    return !found;
  });
  return found;
}

/** True once `holds(doc)` has been true for `editor`'s document (after `ready`); `holds` must be a stable function. */
export function useDocumentHolds(editor: Editor | null, ready: boolean, holds: (doc: PMNode) => boolean): boolean {
  const [found, setFound] = useState(false);
  useEffect(() => {
    if (!editor || !ready || found) return;
    let timer = 0;
    let last = 0;
    const look = () => {
      timer = 0;
      last = performance.now();
      if (!editor.isDestroyed && holds(editor.state.doc)) setFound(true);
    };
    look();
    const onTransaction = ({ transaction }: { transaction: { docChanged: boolean } }) => {
      if (!transaction.docChanged || timer) return;
      timer = window.setTimeout(look, Math.max(0, last + RELOOK_MS - performance.now()));
    };
    editor.on("transaction", onTransaction);
    return () => {
      editor.off("transaction", onTransaction);
      window.clearTimeout(timer);
    };
  }, [editor, ready, found, holds]);
  return found;
}
