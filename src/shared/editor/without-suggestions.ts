// A document as it reads without its pending suggestions: words a suggestion would add are
// left out and words it would remove stay as plain text. Exports use it, so nothing the
// writer has not accepted leaves the editor.
//
// `which` narrows it to some suggestions: the live server reads a commenter's change with only
// their own suggestions left out (src/server/collab/comment-only.ts), and the Word export
// keeps people's suggestions, which it writes as tracked changes.
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "./suggestion-names.js";
import type { DocNode } from "./schema.js";

type Which = (attrs: Record<string, unknown>) => boolean;
const every: Which = () => true;

/** Returns the same object when there is no suggestion in it (the common case costs one walk). */
export function withoutSuggestions(doc: DocNode, which: Which = every): DocNode {
  const hasMark = (node: DocNode, type: string) => Array.isArray(node.marks) && node.marks.some((m) => m?.type === type && which(m.attrs ?? {}));
  let found = false;
  const stack: DocNode[] = [doc];
  while (stack.length && !found) {
    const n = stack.pop()!;
    if (n.type === "text" && (hasMark(n, SUGGESTION_INSERT) || hasMark(n, SUGGESTION_DELETE))) found = true;
    if (Array.isArray(n.content)) stack.push(...n.content);
  }
  if (!found) return doc;
  return strip(doc, hasMark, which) ?? { ...doc, content: [] };
}

/** null when the node held only suggested words and goes with them. */
function strip(node: DocNode, hasMark: (node: DocNode, type: string) => boolean, which: Which): DocNode | null {
  if (node.type === "text") {
    if (hasMark(node, SUGGESTION_INSERT)) return null;
    if (!hasMark(node, SUGGESTION_DELETE)) return node;
    const marks = node.marks!.filter((m) => !(m.type === SUGGESTION_DELETE && which(m.attrs ?? {})));
    const { marks: _, ...rest } = node;
    return marks.length ? { ...rest, marks } : rest;
  }
  if (!Array.isArray(node.content)) return node;
  const content = joinText(node.content.map((c) => strip(c, hasMark, which)).filter((c): c is DocNode => c !== null));
  // A block that only held suggested words (a paragraph the proposal adds) is not in the original.
  const hadText = node.content.length > 0;
  if (hadText && content.length === 0 && node.type !== "doc") return null;
  return { ...node, content };
}

/** Neighbouring text with the same marks as one text node, as the editor holds it (so a document reads the same however it was split). */
function joinText(nodes: DocNode[]): DocNode[] {
  const out: DocNode[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (last && last.type === "text" && n.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(n.marks ?? [])) {
      out[out.length - 1] = { ...last, text: `${last.text ?? ""}${n.text ?? ""}` };
    } else out.push(n);
  }
  return out;
}
