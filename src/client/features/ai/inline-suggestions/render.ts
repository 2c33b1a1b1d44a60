// Writes a proposal into the document as inline suggestions, in one transaction: the
// group's previous rendering is taken out first (its inserted words removed, its struck words
// restored), then the proposal is compared word by word with the text of the range and each
// change is marked in place: removed words struck (kept in the text, with their formatting),
// new words inserted after them with the formatting of the words around them. A streamed
// answer is rendered again as it grows; every step leaves a valid document.
// When the answer changes the structure (a paragraph becomes a list) or an edit cannot be
// placed inside the text blocks, the whole range is struck and the answer's blocks are
// inserted after it as suggested blocks.
import { Fragment, type Mark, type Node as PmNode, type Schema } from "@tiptap/pm/model";
import type { Transaction } from "@tiptap/pm/state";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../../../shared/editor/suggestion-marks";
import type { JsonNode } from "../../../../shared/markdown/from-markdown";
import { type TextEdit, wordEdits } from "../../../../shared/text/word-diff";
import { textWithPositions } from "../apply-edits";
import { blockKind, type Proposal } from "./proposal";
import { isSuggestionMark, resolveSuggestions } from "../../../lib/suggestions/resolve";

export interface Range {
  from: number;
  to: number;
}

/** An edit of the range's text; `message` and `options` make it a choice (grammar the checker is unsure of). */
export interface SuggestedEdit extends TextEdit {
  message?: string;
  options?: string[];
  /** The words the edit replaces, when known: checked before the edit is used. */
  original?: string;
}

export interface RenderInput {
  group: string;
  range: Range;
  proposal: Proposal;
  /** The stream has ended: trailing original text is compared too. */
  final: boolean;
  /** Edits to use instead of a comparison (positions in the range's text, as textWithPositions reads it). */
  edits?: SuggestedEdit[];
}

export interface RenderResult {
  range: Range;
  /** Changes now marked (each a removal, an insertion, or both). */
  changes: number;
}

/** Takes a group's suggestions out of the range, leaving the text as it was; returns the range after. */
export function clearGroup(tr: Transaction, group: string, range: Range): Range {
  const start = tr.steps.length;
  resolveSuggestions(tr, (a) => a.group === group, "reject", range);
  const map = tr.mapping.slice(start);
  return { from: map.map(range.from, -1), to: Math.max(map.map(range.from, -1), map.map(range.to, 1)) };
}

function textblockKinds(doc: PmNode, range: Range): string[] {
  const kinds: string[] = [];
  doc.nodesBetween(range.from, range.to, (node, pos) => {
    if (!node.isTextblock) return true;
    if (!node.textContent.trim()) return false;
    const $pos = doc.resolve(pos);
    const wrappers: string[] = [];
    for (let d = 1; d <= $pos.depth; d++) {
      const t = $pos.node(d).type.name;
      if (t === "bulletList" || t === "orderedList" || t === "blockquote") wrappers.push(t);
    }
    kinds.push(blockKind(node.type.name, node.attrs.level, wrappers));
    return false;
  });
  return kinds;
}

/** Whether word edits can show this answer: its blocks are plain paragraphs or the same kinds as the original's. */
function wordsFit(doc: PmNode, range: Range, proposal: Proposal): boolean {
  if (proposal.kinds.every((k) => k === "paragraph")) return true;
  const original = textblockKinds(doc, range);
  return original.length === proposal.kinds.length && original.every((k, i) => k === proposal.kinds[i]);
}

const leading = (s: string) => s.slice(0, s.length - s.trimStart().length);
const trailing = (s: string) => s.slice(s.trimEnd().length);

/** The proposal's edits of `text`; a streamed one leaves the text it has not reached alone. */
function diffEdits(text: string, proposal: Proposal, final: boolean, joinSpace = false): SuggestedEdit[] | null {
  const body = (joinSpace ? " " : "") + proposal.plain.trimStart();
  const target = leading(text) + (final ? body.trimEnd() + trailing(text) : body);
  const edits = wordEdits(text, target);
  if (!edits || final) return edits;
  const last = edits[edits.length - 1];
  if (last && last.end >= text.trimEnd().length && last.end > last.start) {
    // What follows the last matched word is not reached yet: only the new words show.
    edits.pop();
    if (last.text.trim()) edits.push({ start: last.start, end: last.start, text: last.text.trimStart().endsWith(" ") ? last.text.trimStart() : `${last.text.trimStart()} ` });
  }
  return edits;
}

/**
 * Edits given against the trimmed text (a grammar check's offsets), moved onto the range's
 * text; null when one no longer covers what it names, and the comparison is used instead.
 */
function explicitEdits(text: string, edits: (SuggestedEdit & { original?: string })[]): SuggestedEdit[] | null {
  const lead = leading(text).length;
  const moved = edits.map((e) => ({ ...e, start: e.start + lead, end: e.end + lead })).sort((a, b) => a.start - b.start);
  for (const [i, e] of moved.entries()) {
    if (e.end > text.length || (e.original !== undefined && text.slice(e.start, e.end) !== e.original)) return null;
    if (i > 0 && e.start < moved[i - 1]!.end) return null;
  }
  return moved;
}

interface Placed {
  /** Runs of document positions to strike. */
  strike: Range[];
  /** Where the new words go and how. */
  at: number;
  text: string;
  /** "inline" in the text block; "after"/"before" the block as new paragraphs. */
  how: "inline" | "after" | "before";
  edit: SuggestedEdit;
}

function runs(positions: number[]): Range[] {
  const out: Range[] = [];
  for (const p of positions) {
    if (p < 0) continue;
    const last = out[out.length - 1];
    if (last && last.to === p) last.to = p + 1;
    else out.push({ from: p, to: p + 1 });
  }
  return out;
}

/** Where each edit goes in the document; null when one cannot be placed inside text blocks. */
function place(doc: PmNode, text: string, positions: number[], edits: SuggestedEdit[], range: Range): Placed[] | null {
  const placed: Placed[] = [];
  for (const edit of edits) {
    const removed = text.slice(edit.start, edit.end);
    const covered = positions.slice(edit.start, edit.end);
    if (removed.includes("\n")) {
      // Whole blocks may go (accepting removes them), but words cannot join two blocks.
      const atStart = edit.start === 0 || text[edit.start - 1] === "\n" || removed.startsWith("\n");
      const atEnd = edit.end === text.length || text[edit.end] === "\n" || removed.endsWith("\n");
      if (!atStart || !atEnd || edit.text.trim()) return null;
    }
    let at: number;
    const lastCovered = [...covered].reverse().find((p) => p >= 0);
    if (lastCovered !== undefined) at = lastCovered + 1;
    else {
      const next = positions[edit.end];
      const prev = positions[edit.start - 1];
      if (next !== undefined && next >= 0) at = next;
      else if (prev !== undefined && prev >= 0) at = prev + 1;
      else if (!text.trim()) at = range.from;
      else return null;
    }
    let how: Placed["how"] = "inline";
    if (edit.text.includes("\n")) {
      const $at = doc.resolve(at);
      if (!$at.parent.isTextblock) return null;
      if ($at.parentOffset === $at.parent.content.size && /^\s*\n/.test(edit.text)) how = "after";
      else if ($at.parentOffset === 0 && /\n\s*$/.test(edit.text)) how = "before";
      else return null;
    }
    placed.push({ strike: runs(covered), at, text: edit.text, how, edit });
  }
  return placed;
}

function insertMark(schema: Schema, group: string, id: string, edit?: SuggestedEdit): Mark {
  return schema.marks[SUGGESTION_INSERT]!.create({
    id,
    group,
    message: edit?.message ?? null,
    options: edit?.options?.length ? JSON.stringify(edit.options) : null,
  });
}

/** The formatting of the text before `at` (bold stays bold), without suggestion marks. */
function marksAt(doc: PmNode, at: number): readonly Mark[] {
  return doc.resolve(at).marks().filter((m) => !isSuggestionMark(m));
}

function applyWords(tr: Transaction, group: string, placed: Placed[]): number {
  const schema = tr.doc.type.schema;
  // From the end, so the positions of earlier edits stay valid (marks do not move text).
  placed.forEach((p, i) => {
    p.edit = { ...p.edit };
    (p as Placed & { id: string }).id = `${group}-${i}`;
  });
  for (const p of [...placed].reverse()) {
    const id = (p as Placed & { id: string }).id;
    for (const r of p.strike) tr.addMark(r.from, r.to, schema.marks[SUGGESTION_DELETE]!.create({ id, group }));
    if (!p.text) continue;
    const mark = insertMark(schema, group, id, p.edit);
    if (p.how === "inline") {
      tr.insert(p.at, schema.text(p.text, mark.addToSet(marksAt(tr.doc, p.at))));
      continue;
    }
    const paragraphs = p.text
      .split(/\n+/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((s) => schema.nodes.paragraph!.create(null, schema.text(s, [mark])));
    const $at = tr.doc.resolve(p.at);
    tr.insert(p.how === "after" ? $at.after() : $at.before(), Fragment.from(paragraphs));
  }
  return placed.length;
}

/** JSON blocks from the answer, every text in them marked as inserted. */
function markedBlocks(schema: Schema, nodes: JsonNode[], mark: Mark): Fragment {
  const addMark = (n: JsonNode): JsonNode =>
    n.type === "text" ? { ...n, marks: [...(n.marks ?? []), mark.toJSON() as never] } : n.content ? { ...n, content: n.content.map(addMark) } : n;
  return Fragment.from(nodes.map((n) => schema.nodeFromJSON(addMark(n))));
}

/** Strikes the whole range and puts the answer's blocks after it; returns the new range end. */
function applyBlocks(tr: Transaction, group: string, range: Range, proposal: Proposal): number {
  const schema = tr.doc.type.schema;
  const id = `${group}-0`;
  if (range.to > range.from) tr.addMark(range.from, range.to, schema.marks[SUGGESTION_DELETE]!.create({ id, group }));
  const nodes = proposal.nodes.filter((n) => n.type !== "horizontalRule" || proposal.nodes.length > 1);
  if (!nodes.length) return range.to;
  const blocks = markedBlocks(schema, nodes, insertMark(schema, group, id));
  const $to = tr.doc.resolve(range.to);
  // After the innermost block around the range's end that may hold these blocks.
  for (let d = $to.depth; d >= 1; d--) {
    const parent = $to.node(d - 1);
    const index = $to.indexAfter(d - 1);
    if (parent.canReplace(index, index, blocks)) {
      const at = $to.after(d);
      tr.insert(at, blocks);
      return at + blocks.size;
    }
  }
  if (tr.doc.canReplace($to.index(0), $to.index(0), blocks)) {
    tr.insert(range.to, blocks);
    return range.to + blocks.size;
  }
  return range.to;
}

/** A continuation written on right after a word ("…the end.|") starts with a space, as typing would. */
function needsJoinSpace(doc: PmNode, range: Range, text: string, proposal: Proposal): boolean {
  if (text !== "" || range.from !== range.to) return false;
  const $at = doc.resolve(range.from);
  if (!$at.parent.isTextblock || $at.parentOffset === 0) return false;
  const before = $at.parent.textBetween($at.parentOffset - 1, $at.parentOffset, undefined, " ");
  return !/\s/.test(before) && !/^[\s.,;:!?)\]]/.test(proposal.plain);
}

/** Renders the proposal over the range (see the top of this file); one transaction, no history of its own. */
export function renderSuggestion(tr: Transaction, input: RenderInput): RenderResult {
  const range = clearGroup(tr, input.group, input.range);
  const { text, positions } = textWithPositions(tr.doc, range.from, range.to);
  if (wordsFit(tr.doc, range, input.proposal)) {
    const edits = (input.edits && explicitEdits(text, input.edits)) ?? diffEdits(text, input.proposal, input.final, needsJoinSpace(tr.doc, range, text, input.proposal));
    const placed = edits && place(tr.doc, text, positions, edits, range);
    if (placed) {
      const start = tr.steps.length;
      const changes = applyWords(tr, input.group, placed);
      const map = tr.mapping.slice(start);
      return { range: { from: map.map(range.from, -1), to: Math.max(map.map(range.to, 1), lastInsertEnd(tr, input.group, range.from)) }, changes };
    }
  }
  if (!input.proposal.plain.trim()) return { range, changes: 0 };
  const end = applyBlocks(tr, input.group, range, input.proposal);
  return { range: { from: range.from, to: Math.max(end, range.to) }, changes: 1 };
}

/** The end of the group's last inserted text at or after `from` (new paragraphs may lie past the range). */
function lastInsertEnd(tr: Transaction, group: string, from: number): number {
  let end = from;
  tr.doc.nodesBetween(from, tr.doc.content.size, (node, pos) => {
    if (node.isText && node.marks.some((m) => m.type.name === SUGGESTION_INSERT && m.attrs.group === group)) end = Math.max(end, pos + node.nodeSize);
    return true;
  });
  return end;
}
