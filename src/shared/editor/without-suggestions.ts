// A document as it reads without its pending suggestions: words a suggestion would add are
// left out and words it would remove stay as plain text. Exports use it, so nothing the
// writer has not accepted leaves the editor.
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "./suggestion-marks.js";
import type { DocNode } from "./schema.js";


function hasMark(node: DocNode, type: string): boolean {
  return Array.isArray(node.marks) && node.marks.some((m) => m?.type === type);
}

/** Returns the same object when there is no suggestion in it (the common case costs one walk). */
export function withoutSuggestions(doc: DocNode): DocNode {
  let found = false;
  const stack: DocNode[] = [doc];
  while (stack.length && !found) {
    const n = stack.pop()!;
    if (n.type === "text" && (hasMark(n, SUGGESTION_INSERT) || hasMark(n, SUGGESTION_DELETE))) found = true;
    if (Array.isArray(n.content)) stack.push(...n.content);
  }
  if (!found) return doc;
  return strip(doc) ?? { ...doc, content: [] };
}

/** null when the node held only suggested words and goes with them. */
function strip(node: DocNode): DocNode | null {
  if (node.type === "text") {
    if (hasMark(node, SUGGESTION_INSERT)) return null;
    if (!hasMark(node, SUGGESTION_DELETE)) return node;
    const marks = node.marks!.filter((m) => m.type !== SUGGESTION_DELETE);
    const { marks: _, ...rest } = node;
    return marks.length ? { ...rest, marks } : rest;
  }
  if (!Array.isArray(node.content)) return node;
  const content = node.content.map(strip).filter((c): c is DocNode => c !== null);
  // A block that only held suggested words (a paragraph the proposal adds) is not in the original.
  const hadText = node.content.length > 0;
  if (hadText && content.length === 0 && node.type !== "doc") return null;
  return { ...node, content };
}
