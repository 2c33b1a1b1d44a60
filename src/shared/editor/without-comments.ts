// A document without its comment marks: exports other than Word leave comments out (Word
// writes them as Word comments, export/docx.ts). Returns the same object when there are none.
import { COMMENT_MARK } from "./comment-anchor.js";
import type { DocNode } from "./schema.js";

const hasComment = (node: DocNode) => Array.isArray(node.marks) && node.marks.some((m) => m?.type === COMMENT_MARK);

export function withoutComments(doc: DocNode): DocNode {
  let found = false;
  const stack: DocNode[] = [doc];
  while (stack.length && !found) {
    const n = stack.pop()!;
    if (hasComment(n)) found = true;
    if (Array.isArray(n.content)) stack.push(...n.content);
  }
  return found ? strip(doc) : doc;
}

function strip(node: DocNode): DocNode {
  let next = node;
  if (hasComment(node)) {
    const marks = node.marks!.filter((m) => m.type !== COMMENT_MARK);
    const { marks: _, ...rest } = node;
    next = marks.length ? { ...rest, marks } : rest;
  }
  return Array.isArray(next.content) ? { ...next, content: next.content.map(strip) } : next;
}

/** The anchor ids of the comment marks in a document, in reading order. */
export function commentAnchorIds(doc: DocNode): string[] {
  const seen = new Set<string>();
  const stack: DocNode[] = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    for (const m of n.marks ?? []) if (m?.type === COMMENT_MARK && typeof m.attrs?.threadId === "string") seen.add(m.attrs.threadId);
    if (Array.isArray(n.content)) for (let i = n.content.length - 1; i >= 0; i--) stack.push(n.content[i]!);
  }
  return [...seen];
}
