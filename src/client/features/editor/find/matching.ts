// Where a query occurs in a document, for the find bar. Each textblock (paragraph, heading,
// code block, table cell paragraph) is searched as one string, so a match may run across
// text nodes with different marks (a word half bold) but never from one block into the next.
import type { Node as PmNode } from "@tiptap/pm/model";

export interface FindOptions {
  matchCase: boolean;
  wholeWord: boolean;
}

/** A match in the document, as ProseMirror positions. */
export interface TextRange {
  from: number;
  to: number;
}

/** Past this many matches the rest are not highlighted or counted (the bar shows "10000+"). */
export const MAX_MATCHES = 10_000;

// An inline node that is not text (a hard break) stands for one character no query can
// contain, so a match never runs across it, and it keeps its one position in the block.
const NOT_TEXT = "\uFFFC";

// Letters, digits and combining marks of any script: "über" or "café" are whole words,
// and "é" written as e + combining accent does not end one.
const WORD_CHAR = "[\\p{L}\\p{N}\\p{M}_]";
const WORD_TEST = new RegExp(`^${WORD_CHAR}$`, "u");

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The pattern for `query`. Case is compared by Unicode case folding on the text itself
 * (the `i` and `u` flags), never by lower-casing a copy, whose length may differ ("İ").
 * Whole word asks for a boundary only at an end of the query that is a word character, so
 * "e.g." still matches before a space.
 */
export function queryPattern(query: string, options: FindOptions): RegExp | null {
  if (!query) return null;
  const chars = Array.from(query);
  let source = escapeRegExp(query);
  if (options.wholeWord) {
    if (WORD_TEST.test(chars[0] ?? "")) source = `(?<!${WORD_CHAR})${source}`;
    if (WORD_TEST.test(chars[chars.length - 1] ?? "")) source = `${source}(?!${WORD_CHAR})`;
  }
  return new RegExp(source, options.matchCase ? "gu" : "giu");
}

/** Matches of `pattern` in one string, as [start, end) offsets in UTF-16 units, without overlaps. */
export function findInText(text: string, pattern: RegExp, limit = MAX_MATCHES): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m && found.length < limit; m = pattern.exec(text)) {
    found.push({ start: m.index, end: m.index + m[0].length });
    // A pattern never matches empty (the query is not empty), so lastIndex always moves on.
  }
  return found;
}

/** The text of a textblock, one character per position inside it. */
export function blockText(block: PmNode): string {
  let text = "";
  block.forEach((child) => {
    text += child.isText ? (child.text ?? "") : NOT_TEXT.repeat(child.nodeSize);
  });
  return text;
}

/** Every match of `query` in `doc`, in document order, at most MAX_MATCHES. */
export function findInDocument(doc: PmNode, query: string, options: FindOptions): TextRange[] {
  const pattern = queryPattern(query, options);
  if (!pattern) return [];
  const ranges: TextRange[] = [];
  doc.descendants((node, pos) => {
    if (ranges.length >= MAX_MATCHES) return false;
    if (!node.isTextblock) return true;
    const start = pos + 1;
    for (const m of findInText(blockText(node), pattern, MAX_MATCHES - ranges.length)) {
      ranges.push({ from: start + m.start, to: start + m.end });
    }
    return false;
  });
  return ranges;
}

/** The first match at or after `pos`, wrapping to the first one; -1 when there is none. */
export function matchAtOrAfter(matches: readonly TextRange[], pos: number): number {
  if (matches.length === 0) return -1;
  const i = matches.findIndex((m) => m.from >= pos);
  return i === -1 ? 0 : i;
}

/** The last match that ends at or before `pos`, wrapping to the last one; -1 when there is none. */
export function matchBefore(matches: readonly TextRange[], pos: number): number {
  if (matches.length === 0) return -1;
  for (let i = matches.length - 1; i >= 0; i--) if ((matches[i] as TextRange).to <= pos) return i;
  return matches.length - 1;
}
