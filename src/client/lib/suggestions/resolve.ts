// Accepting or rejecting suggestions, in one transaction. Accept keeps inserted words (their
// mark removed) and drops struck words; Reject does the opposite. A block that held only
// words that go (a paragraph the proposal added, one it removed) goes with them. A suggested
// paragraph break (src/shared/editor/suggested-break.ts) accepted loses its attribute; rejected,
// its block is joined to the one before.
import type { Mark, Node as PmNode } from "@tiptap/pm/model";
import type { Transaction } from "@tiptap/pm/state";
import { canJoin } from "@tiptap/pm/transform";
import { LIST_WRAPPERS, SUGGESTED_BREAK, suggestedBreakOf } from "../../../shared/editor/suggested-break";
import { SUGGESTION_INSERT } from "../../../shared/editor/suggestion-marks";
import { isSuggestionMark, type SuggestionAttrs } from "./suggestion-mark";

export { isSuggestionMark, type SuggestionAttrs };

export type Decision = "accept" | "reject";


interface Piece {
  from: number;
  to: number;
  mark: Mark;
}

/** Every suggested piece of text matching `match`, in document order, within [from, to] when given. */
export function suggestedPieces(doc: PmNode, match: (a: SuggestionAttrs) => boolean, within?: { from: number; to: number }): Piece[] {
  const out: Piece[] = [];
  const from = Math.max(0, within?.from ?? 0);
  const to = Math.min(doc.content.size, within?.to ?? doc.content.size);
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isText) return true;
    for (const mark of node.marks) {
      if (isSuggestionMark(mark) && match(mark.attrs as SuggestionAttrs)) out.push({ from: pos, to: pos + node.nodeSize, mark });
    }
    return false;
  });
  return out;
}

/**
 * Decides every suggestion matching `match`; returns how many pieces it touched. Positions
 * of the blocks emptied by the removal are kept, and each such block is removed with its
 * wrappers that held nothing else (a list item, then a list).
 */
export function resolveSuggestions(tr: Transaction, match: (a: SuggestionAttrs) => boolean, decision: Decision, within?: { from: number; to: number }): number {
  const breaks = suggestedBreaks(tr.doc, match, within);
  const start = tr.steps.length;
  const pieces = resolvePieces(tr, match, decision, within);
  for (const b of [...breaks].reverse()) decideBreak(tr, tr.mapping.slice(start).map(b.pos, 1), b.id, decision);
  return pieces + breaks.length;
}

/** Where each block that starts after a suggested break matching `match` stands, in document order. */
export function suggestedBreaks(doc: PmNode, match: (a: SuggestionAttrs) => boolean, within?: { from: number; to: number }): { pos: number; id: string }[] {
  const out: { pos: number; id: string }[] = [];
  const from = Math.max(0, within?.from ?? 0);
  const to = Math.min(doc.content.size, within?.to ?? doc.content.size);
  doc.nodesBetween(from, to, (node, pos) => {
    if (!node.isTextblock) return true;
    const attrs = suggestedBreakOf(node.attrs);
    if (attrs && match(attrs)) out.push({ pos, id: attrs.id });
    return false;
  });
  return out;
}

/**
 * Accept: the block keeps its place, without the attribute. Reject: it is joined to the block
 * before, at the depth where that block is (a list item's paragraph joins the item before it);
 * with nothing to join to, the attribute goes. A block already gone (its words all rejected) is left.
 */
function decideBreak(tr: Transaction, pos: number, id: string, decision: Decision): void {
  const node = tr.doc.nodeAt(pos);
  if (!node?.isTextblock || suggestedBreakOf(node.attrs)?.id !== id) return;
  if (decision === "reject") {
    const $pos = tr.doc.resolve(pos);
    // Climb while the block is the first child of its parent: the break is before that parent.
    let depth = $pos.depth;
    while (depth > 0 && $pos.index(depth) === 0) depth--;
    const at = depth === $pos.depth ? pos : $pos.before(depth + 1);
    const joinDepth = $pos.depth - depth + 1;
    const before = tr.doc.resolve(at).nodeBefore;
    if (before && canJoin(tr.doc, at) && textblockAtEnd(before, joinDepth)) {
      tr.join(at, joinDepth);
      return;
    }
    // After a list (Enter in its empty last item left it): into the list's last text block.
    const end = at === pos && before ? listTextEnd(before, pos) : null;
    if (end !== null) {
      tr.delete(pos, pos + node.nodeSize).insert(end, node.content);
      return;
    }
  }
  tr.setNodeAttribute(pos, SUGGESTED_BREAK, null);
}

/** Where the content of the last text block of `list` (ending at `end`) ends, through its last items; null when it is no list. */
function listTextEnd(list: PmNode, end: number): number | null {
  if (!LIST_WRAPPERS.has(list.type.name)) return null;
  // Down the last children: item, then its last block (a nested list is walked the same way).
  let node: PmNode | null = list;
  let at = end - 1;
  while (node && !node.isTextblock) {
    if (node !== list && !LIST_WRAPPERS.has(node.type.name) && !node.type.name.endsWith("Item")) return null;
    node = node.lastChild;
    at -= 1;
  }
  return node ? at : null;
}

/** Whether `node` ends in a text block `depth` levels down (itself at depth 1). */
function textblockAtEnd(node: PmNode, depth: number): boolean {
  let n: PmNode | null = node;
  for (let d = 1; d < depth && n; d++) n = n.lastChild;
  return !!n?.isTextblock;
}

function resolvePieces(tr: Transaction, match: (a: SuggestionAttrs) => boolean, decision: Decision, within?: { from: number; to: number }): number {
  const pieces = suggestedPieces(tr.doc, match, within);
  if (!pieces.length) return 0;
  const goes = (p: Piece) => (p.mark.type.name === SUGGESTION_INSERT) === (decision === "reject");
  for (const p of pieces) if (!goes(p)) tr.removeMark(p.from, p.to, p.mark);
  const removed = pieces.filter(goes);
  // Text blocks that lose words: their start positions, mapped as the removals go.
  const blocks = new Set<number>();
  for (const p of removed) {
    const $p = tr.doc.resolve(p.from);
    if ($p.parent.isTextblock) blocks.add($p.before());
  }
  const deleting = tr.steps.length;
  for (const p of [...removed].reverse()) tr.delete(p.from, p.to);
  const map = (pos: number) => tr.mapping.slice(deleting).map(pos, 1);
  const emptied = [...blocks].map(map).sort((a, b) => b - a);
  for (const pos of emptied) {
    const node = tr.doc.nodeAt(pos);
    if (!node?.isTextblock || node.content.size > 0) continue;
    // Split at its start (Enter there, or paragraphs pasted there): the block after the break is
    // its own text, which a rejected break joins back to it (without-suggestions.ts reads it so).
    if (suggestedBreakOf(nextTextblock(tr.doc, pos + node.nodeSize)?.attrs)) continue;
    const $pos = tr.doc.resolve(pos);
    // Climb while the wrapper holds only this block.
    let depth = $pos.depth + 1;
    while (depth > 1 && $pos.node(depth - 1).childCount === 1) depth--;
    // The document keeps at least one block.
    if (depth === 1 && tr.doc.childCount === 1) continue;
    const at = depth === $pos.depth + 1 ? pos : $pos.before(depth);
    const end = at + tr.doc.resolve(at).nodeAfter!.nodeSize;
    tr.delete(at, end);
  }
  return pieces.length;
}

/** The first text block that starts at or after `from`, in reading order. */
function nextTextblock(doc: PmNode, from: number): PmNode | null {
  let found: PmNode | null = null;
  doc.nodesBetween(from, doc.content.size, (node) => {
    if (found) return false;
    if (node.isTextblock) {
      found = node;
      return false;
    }
    return true;
  });
  return found;
}

/** Writes the writer's chosen candidate over a suggestion's inserted words, then accepts it. */
export function chooseOption(tr: Transaction, id: string, option: string): void {
  const inserted = suggestedPieces(tr.doc, (a) => a.id === id).filter((p) => p.mark.type.name === SUGGESTION_INSERT);
  if (inserted.length) {
    const first = inserted[0]!;
    const last = inserted[inserted.length - 1]!;
    const marks = tr.doc.nodeAt(first.from)?.marks ?? [first.mark];
    tr.replaceWith(first.from, last.to, tr.doc.type.schema.text(option, marks));
  }
  resolveSuggestions(tr, (a) => a.id === id, "accept");
}
