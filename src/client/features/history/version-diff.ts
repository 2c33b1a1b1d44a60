// What changed between two versions of a document, in the newer version's own structure:
// its headings, lists and quotes stay as they are, and inside each block the words added
// since the older version and the words removed from it are marked, each piece keeping its
// bold, italic, link or colour. Blocks are matched first (by their type and text, with
// jsdiff's diffArrays), then a changed block is compared word by word with the block of the
// older version it most resembles (src/shared/text/word-diff.ts); a block of the older
// version with no counterpart shows as removed where it stood.
import { diffArrays } from "diff";
import type { DocNode } from "../../../shared/editor/schema";
import { countWords } from "../../../shared/editor/text";
import { withoutSuggestions } from "../../../shared/editor/without-suggestions";
import { type WordChange, wordChanges } from "../../../shared/text/word-diff";

export type Change = "same" | "added" | "removed";
export type Mark = NonNullable<DocNode["marks"]>[number];

/** A run of text with one set of marks and one change; a line break is a piece of its own. */
export interface InlinePiece {
  text: string;
  marks: Mark[];
  change: Change;
  lineBreak?: boolean;
}

/** A block holding text (paragraph, heading, code block) or a horizontal rule. */
export interface DiffLeaf {
  kind: "leaf";
  type: string;
  attrs?: Record<string, unknown>;
  /** "changed": compared word by word with a block of the older version. */
  change: "same" | "changed" | "added" | "removed";
  pieces: InlinePiece[];
}

/** A block holding blocks (list, list item, quote), and the document itself. */
export interface DiffContainer {
  kind: "container";
  type: string;
  attrs?: Record<string, unknown>;
  children: DiffNode[];
}

export type DiffNode = DiffLeaf | DiffContainer;

export interface VersionDiff {
  title: InlinePiece[];
  doc: DiffContainer;
  wordsAdded: number;
  wordsRemoved: number;
}

const TEXTBLOCKS = new Set(["paragraph", "heading", "codeBlock"]);
const ATOM_BLOCKS = new Set(["horizontalRule"]);
const isLeaf = (node: DocNode) => TEXTBLOCKS.has(node.type) || ATOM_BLOCKS.has(node.type) || !node.content?.some((c) => c.content);

/** Beyond this many block pairs in one changed stretch, blocks pair by position instead of likeness. */
const MAX_PAIRINGS = 2_500;
/** How far ahead a block of the newer version looks for an older block it resembles. */
const LOOKAHEAD = 20;
/** Share of unchanged characters from which two blocks count as one block edited. */
const ALIKE = 0.3;
const DIFF_TIMEOUT_MS = 2_000;

interface Run {
  text: string;
  marks: Mark[];
  lineBreak?: boolean;
}

/** A leaf's inline content as runs; its text is their concatenation (a hard break is "\n"). */
function runsOf(node: DocNode): Run[] {
  const runs: Run[] = [];
  for (const child of node.content ?? []) {
    if (child.type === "text" && child.text) runs.push({ text: child.text, marks: child.marks ?? [] });
    else if (child.type === "hardBreak") runs.push({ text: "\n", marks: [], lineBreak: true });
  }
  return runs;
}

interface Leaf {
  node: DocNode;
  runs: Run[];
  text: string;
  key: string;
}

function toLeaf(node: DocNode): Leaf {
  const runs = runsOf(node);
  const text = runs.map((r) => r.text).join("");
  return { node, runs, text, key: `${node.type}:${String(node.attrs?.level ?? "")}:${text}` };
}

function leavesOf(node: DocNode, out: Leaf[] = []): Leaf[] {
  for (const child of node.content ?? []) {
    if (isLeaf(child)) out.push(toLeaf(child));
    else leavesOf(child, out);
  }
  return out;
}

/** Reads `runs` from a position onwards, piece by piece, splitting a run where a change ends. */
class RunReader {
  private index = 0;
  private offset = 0;
  constructor(private readonly runs: Run[]) {}

  take(length: number, change: Change, out: InlinePiece[]): void {
    let left = length;
    while (left > 0 && this.index < this.runs.length) {
      const run = this.runs[this.index]!;
      const n = Math.min(left, run.text.length - this.offset);
      out.push({ text: run.text.slice(this.offset, this.offset + n), marks: run.marks, change, ...(run.lineBreak ? { lineBreak: true } : {}) });
      left -= n;
      this.offset += n;
      if (this.offset === run.text.length) {
        this.index++;
        this.offset = 0;
      }
    }
  }
}

const plainRuns = (text: string): Run[] => (text ? [{ text, marks: [] }] : []);

/** The newer runs with the word changes from the older ones marked; formatting kept on both sides. */
function markChanges(older: Run[], newer: Run[], changes: WordChange[]): InlinePiece[] {
  const before = new RunReader(older);
  const after = new RunReader(newer);
  const out: InlinePiece[] = [];
  for (const c of changes) {
    if (c.kind === "removed") before.take(c.text.length, "removed", out);
    else if (c.kind === "added") after.take(c.text.length, "added", out);
    else {
      before.take(c.text.length, "same", []);
      after.take(c.text.length, "same", out);
    }
  }
  return out;
}

const whole = (runs: Run[], change: Change): InlinePiece[] => {
  const out: InlinePiece[] = [];
  new RunReader(runs).take(Number.POSITIVE_INFINITY, change, out);
  return out;
};

/** The word changes between two texts; a comparison that would take too long is one removal and one addition. */
function changesBetween(before: string, after: string): WordChange[] {
  if (before === after) return before ? [{ kind: "same", text: before }] : [];
  const changes = wordChanges(before, after);
  if (changes) return changes;
  return [
    ...(before ? [{ kind: "removed" as const, text: before }] : []),
    ...(after ? [{ kind: "added" as const, text: after }] : []),
  ];
}

const nonSpaceLength = (text: string) => text.replace(/\s+/g, "").length;

/** How much of two blocks' text is unchanged (1: all of it). */
function likeness(older: Leaf, newer: Leaf, changes: WordChange[]): number {
  if (older.node.type === "horizontalRule" || newer.node.type === "horizontalRule") return older.node.type === newer.node.type ? 1 : 0;
  const longest = Math.max(nonSpaceLength(older.text), nonSpaceLength(newer.text));
  if (longest === 0) return 1;
  const same = changes.reduce((n, c) => (c.kind === "same" ? n + nonSpaceLength(c.text) : n), 0);
  return same / longest;
}

interface LeafResult {
  diff: DiffLeaf;
  /** Blocks of the older version that stood before this one and are gone. */
  removedBefore: DiffLeaf[];
}

const leafDiff = (leaf: Leaf, change: DiffLeaf["change"], pieces: InlinePiece[]): DiffLeaf => ({
  kind: "leaf",
  type: leaf.node.type,
  ...(leaf.node.attrs ? { attrs: leaf.node.attrs } : {}),
  change,
  pieces,
});
const removedLeaf = (leaf: Leaf) => leafDiff(leaf, "removed", whole(leaf.runs, "removed"));

/**
 * One stretch where the versions differ: each newer block takes the first older block ahead
 * of it that it resembles (those it skips are removed), or is new. Older blocks left over
 * show before the new blocks after the last pair (what was there, then what replaced it), or
 * are returned when there are none, to show before the next block.
 */
function pairStretch(removed: Leaf[], added: Leaf[], results: LeafResult[]): DiffLeaf[] {
  const byPosition = removed.length * added.length > MAX_PAIRINGS;
  let next = 0;
  /** The first new block since the last pair, as an index into `results`. */
  let firstNew = -1;
  for (const [i, leaf] of added.entries()) {
    let match = -1;
    let changes: WordChange[] = [];
    if (byPosition) {
      if (i < removed.length) {
        match = i;
        changes = changesBetween(removed[i]!.text, leaf.text);
      }
    } else {
      for (let j = next; j < Math.min(removed.length, next + LOOKAHEAD); j++) {
        const candidate = changesBetween(removed[j]!.text, leaf.text);
        if (likeness(removed[j]!, leaf, candidate) >= ALIKE) {
          match = j;
          changes = candidate;
          break;
        }
      }
    }
    if (match < 0) {
      if (firstNew < 0) firstNew = results.length;
      results.push({ diff: leafDiff(leaf, "added", whole(leaf.runs, "added")), removedBefore: [] });
      continue;
    }
    const skipped = removed.slice(next, match).map(removedLeaf);
    results.push({ diff: leafDiff(leaf, "changed", markChanges(removed[match]!.runs, leaf.runs, changes)), removedBefore: skipped });
    next = match + 1;
    firstNew = -1;
  }
  const left = removed.slice(next).map(removedLeaf);
  if (firstNew < 0) return left;
  results[firstNew]!.removedBefore.push(...left);
  return [];
}

/** For each leaf of the newer version, in order: how it changed, and what was removed before it. */
function compareLeaves(older: Leaf[], newer: Leaf[]): { results: LeafResult[]; trailing: DiffLeaf[] } {
  const parts = diffArrays(
    older.map((l) => l.key),
    newer.map((l) => l.key),
    { timeout: DIFF_TIMEOUT_MS },
  ) ?? [
    // Too costly to match: one changed stretch, paired by position.
    { value: older.map((l) => l.key), removed: true, added: false, count: older.length },
    { value: newer.map((l) => l.key), removed: false, added: true, count: newer.length },
  ];
  const results: LeafResult[] = [];
  let o = 0;
  let n = 0;
  let pendingRemoved: Leaf[] = [];
  let carried: DiffLeaf[] = [];
  const flush = (addedLeaves: Leaf[]) => {
    const start = results.length;
    const left = pairStretch(pendingRemoved, addedLeaves, results);
    if (results.length > start) results[start]!.removedBefore.unshift(...carried);
    else left.unshift(...carried);
    carried = left;
    pendingRemoved = [];
  };
  for (const part of parts) {
    const count = part.value.length;
    if (part.removed) {
      pendingRemoved.push(...older.slice(o, o + count));
      o += count;
    } else if (part.added) {
      flush(newer.slice(n, n + count));
      n += count;
    } else {
      if (pendingRemoved.length) flush([]);
      for (const leaf of newer.slice(n, n + count)) {
        results.push({ diff: leafDiff(leaf, "same", whole(leaf.runs, "same")), removedBefore: carried });
        carried = [];
      }
      o += count;
      n += count;
    }
  }
  if (pendingRemoved.length) flush([]);
  return { results, trailing: carried };
}

/** The newer document's tree with each leaf replaced by its result, removed blocks placed before the leaf that follows them. */
function rebuild(node: DocNode, results: LeafResult[], cursor: { i: number }): DiffContainer {
  const children: DiffNode[] = [];
  for (const child of node.content ?? []) {
    if (isLeaf(child)) {
      const result = results[cursor.i++]!;
      children.push(...result.removedBefore, result.diff);
    } else children.push(rebuild(child, results, cursor));
  }
  return { kind: "container", type: node.type, ...(node.attrs ? { attrs: node.attrs } : {}), children };
}

/** Words in the pieces of one change; neighbouring pieces (split where the formatting changes) read as one. */
function countChanged(pieces: InlinePiece[], change: Change): number {
  let text = "";
  for (const p of pieces) text += p.change === change ? p.text : " ";
  return countWords(text);
}

function allPieces(node: DiffNode, out: InlinePiece[] = []): InlinePiece[] {
  if (node.kind === "leaf") {
    // Pieces of separate blocks must not join into one word when counted.
    out.push(...node.pieces, { text: " ", marks: [], change: "same" });
  } else for (const child of node.children) allPieces(child, out);
  return out;
}

/**
 * `newer` with what changed since `older` marked; null `older` (the oldest version kept)
 * shows `newer` unmarked. Both are compared as they read without pending suggestions (as the
 * counts and the exports read them): a suggestion nobody has accepted is not yet a change,
 * and its struck and inserted words side by side would otherwise run together into one word.
 */
export function diffVersions(older: { title: string; content: DocNode } | null, newer: { title: string; content: DocNode }): VersionDiff {
  const base = older ?? newer;
  const baseContent = withoutSuggestions(base.content);
  const newerContent = withoutSuggestions(newer.content);
  const { results, trailing } = compareLeaves(leavesOf(baseContent), leavesOf(newerContent));
  const doc = rebuild(newerContent, results, { i: 0 });
  doc.children.push(...trailing);
  const title = markChanges(plainRuns(base.title), plainRuns(newer.title), changesBetween(base.title, newer.title));
  const pieces = [...allPieces(doc), { text: " ", marks: [], change: "same" as const }, ...title];
  return { title, doc, wordsAdded: countChanged(pieces, "added"), wordsRemoved: countChanged(pieces, "removed") };
}
