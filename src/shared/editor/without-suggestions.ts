// A document as it reads without its pending suggestions: words a suggestion would add are
// left out and words it would remove stay as plain text. Exports use it, so nothing the
// writer has not accepted leaves the editor.
//
// `which` narrows it to some suggestions: the live server reads a commenter's change with only
// their own suggestions left out (src/server/collab/comment-only.ts), and the Word export
// keeps people's suggestions, which it writes as tracked changes.
//
// A suggested paragraph break (suggested-break.ts) is not in the text yet either: the block
// after it is joined to the one before, as rejecting it does (src/client/lib/suggestions/resolve.ts).
import { LIST_WRAPPERS, suggestedBreakOf } from "./suggested-break.js";
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
    if (breakOf(n, which)) found = true;
    if (Array.isArray(n.content)) stack.push(...n.content);
  }
  if (!found) return doc;
  return strip(doc, hasMark, which, beforeBreaks(doc)) ?? { ...doc, content: [] };
}

/**
 * The text blocks that a block with a suggested break follows (in reading order, across list
 * items). Emptied, such a block stays: it is the writer's own block, split at its start (Enter
 * there, or paragraphs pasted there), and the break joins the rest of its text back to it.
 */
function beforeBreaks(doc: DocNode): Set<DocNode> {
  const out = new Set<DocNode>();
  let previous: DocNode | null = null;
  const walk = (node: DocNode) => {
    if (isTextblock(node)) {
      if (previous && suggestedBreakOf(node.attrs)) out.add(previous);
      previous = node;
      return;
    }
    for (const child of node.content ?? []) walk(child);
  };
  walk(doc);
  return out;
}

/** null when the node held only suggested words and goes with them. */
function strip(node: DocNode, hasMark: (node: DocNode, type: string) => boolean, which: Which, keep: Set<DocNode>): DocNode | null {
  if (node.type === "text") {
    if (hasMark(node, SUGGESTION_INSERT)) return null;
    if (!hasMark(node, SUGGESTION_DELETE)) return node;
    const marks = node.marks!.filter((m) => !(m.type === SUGGESTION_DELETE && which(m.attrs ?? {})));
    const { marks: _, ...rest } = node;
    return marks.length ? { ...rest, marks } : rest;
  }
  if (!Array.isArray(node.content)) return node;
  const content = joinText(
    joinBreaks(
      node.content.map((c) => strip(c, hasMark, which, keep)).filter((c): c is DocNode => c !== null),
      which,
      node.type === "doc",
    ),
  );
  // A block that only held suggested words (a paragraph the proposal adds) is not in the original.
  const hadText = node.content.length > 0;
  if (hadText && content.length === 0 && node.type !== "doc") return keep.has(node) ? { ...node, content: [] } : null;
  return { ...node, content };
}

/** Whether `node` is a block that starts after a suggested break matching `which`. */
function breakOf(node: DocNode, which: Which): boolean {
  const attrs = suggestedBreakOf(node.attrs);
  return attrs !== null && which(attrs as unknown as Record<string, unknown>);
}

/**
 * Siblings with each suggested break taken out, as ProseMirror's join does: a block after a
 * break is joined to the text block before it; a list item whose first block starts after a
 * break is joined to the item before it (their touching blocks joined too). A break with
 * nothing to join to (the first block, or after a table) only loses its attribute.
 */
function joinBreaks(nodes: DocNode[], which: Which, topLevel: boolean): DocNode[] {
  const out: DocNode[] = [];
  for (const n of nodes) {
    const prev = out[out.length - 1];
    if (breakOf(n, which)) {
      if (prev && isTextblock(prev)) {
        const content = joinText([...(prev.content ?? []), ...(n.content ?? [])]);
        // An empty block has no content list, as ProseMirror writes it.
        out[out.length - 1] = content.length ? { ...prev, content } : prev;
        continue;
      }
      // After a list (Enter in its empty last item left it): joined to the list's last text block.
      const into = prev ? joinIntoList(prev, n.content ?? []) : null;
      if (into) {
        out[out.length - 1] = into;
        continue;
      }
      // The first block of a list item: the item joins the one before it, a level up.
      out.push(topLevel ? { ...n, attrs: { ...n.attrs, suggestedBreak: null } } : n);
      continue;
    }
    const head = n.content?.[0];
    if (head && breakOf(head, which)) {
      const last = prev?.content?.[prev.content.length - 1];
      if (prev && prev.type === n.type && last && isTextblock(last)) {
        out[out.length - 1] = { ...prev, content: joinBreaks([...prev.content!, ...n.content!], which, true) };
      } else out.push({ ...n, content: [{ ...head, attrs: { ...head.attrs, suggestedBreak: null } }, ...n.content!.slice(1)] });
      continue;
    }
    out.push(n);
  }
  return out;
}

/** `list` with `content` added to the end of its last item's last text block; null when it is no list or ends otherwise. */
function joinIntoList(list: DocNode, content: DocNode[]): DocNode | null {
  if (!LIST_WRAPPERS.has(list.type)) return null;
  const item = list.content?.[list.content.length - 1];
  const last = item?.content?.[item.content.length - 1];
  if (!item || !last) return null;
  const joined = isTextblock(last) ? { ...last, content: joinText([...(last.content ?? []), ...content]) } : joinIntoList(last, content);
  if (!joined) return null;
  return { ...list, content: [...list.content!.slice(0, -1), { ...item, content: [...item.content!.slice(0, -1), joined] }] };
}

const isTextblock = (node: DocNode) => node.type === "paragraph" || node.type === "heading";

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
