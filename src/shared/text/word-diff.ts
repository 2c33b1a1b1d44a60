// Word-level differences between two texts, from jsdiff's diffWordsWithSpace (words,
// punctuation marks, runs of spaces and each line break are its tokens). Two uses:
// - wordEdits: the spans of the first text to replace, so an AI answer is applied to a
//   document edit by edit (keeping headings, lists and bold around the words that did not
//   change) instead of replacing the whole selection;
// - wordChanges: the same differences as a sequence of kept, removed and added pieces, for
//   showing a proposal with its insertions and deletions marked.
import { diffLines, diffWordsWithSpace } from "diff";

export interface TextEdit {
  /** Start and end in the original text (UTF-16 units). */
  start: number;
  end: number;
  /** What goes there instead ("" deletes). */
  text: string;
}

export interface WordChange {
  kind: "same" | "removed" | "added";
  text: string;
}

/** A comparison that takes longer than this gives up (null) rather than hold the caller. */
const TIMEOUT_MS = 2_000;

const pieces = (parts: { value: string; added: boolean; removed: boolean }[]): WordChange[] =>
  parts.filter((p) => p.value !== "").map((p) => ({ kind: p.added ? "added" : p.removed ? "removed" : "same", text: p.value }));

/**
 * The texts as kept, removed and added pieces, in reading order; null when too costly to
 * compare. Lines are compared first and words only inside the lines that changed: the word
 * comparison's cost grows with the length times the number of changes, which over a whole
 * chapter edited throughout would take seconds, while paragraph by paragraph it is quick.
 */
export function wordChanges(before: string, after: string): WordChange[] | null {
  const started = Date.now();
  const lines = diffLines(before, after, { timeout: TIMEOUT_MS });
  if (!lines) return null;
  const out: WordChange[] = [];
  let removed = "";
  let added = "";
  const flush = () => {
    if (removed && added) {
      const parts = diffWordsWithSpace(removed, added, { timeout: Math.max(1, TIMEOUT_MS - (Date.now() - started)) });
      if (!parts) return false;
      out.push(...pieces(parts));
    } else if (removed) out.push({ kind: "removed", text: removed });
    else if (added) out.push({ kind: "added", text: added });
    removed = "";
    added = "";
    return true;
  };
  for (const part of lines) {
    if (part.removed) removed += part.value;
    else if (part.added) added += part.value;
    else {
      if (!flush()) return null;
      out.push({ kind: "same", text: part.value });
    }
  }
  if (!flush()) return null;
  // Neighbouring pieces of one kind (from two comparisons) read as one.
  return out.reduce<WordChange[]>((acc, c) => {
    const last = acc[acc.length - 1];
    if (last && last.kind === c.kind) last.text += c.text;
    else acc.push({ ...c });
    return acc;
  }, []);
}

/** Spaces (not a line break) kept between two changes. */
const isGap = (changes: WordChange[], i: number) =>
  changes[i]!.kind === "same" &&
  /^[^\S\n\r]+$/.test(changes[i]!.text) &&
  i > 0 &&
  i < changes.length - 1 &&
  changes[i - 1]!.kind !== "same" &&
  changes[i + 1]!.kind !== "same";

/**
 * The edits that turn `before` into `after`; null when the texts are too costly to compare.
 * Each run of removed and added pieces is one edit, taking in the spaces between changed
 * words ("are an" → "is a" is one edit, as a reader sees it) but never an unchanged word or
 * a line break, so an edit never reaches into a paragraph break it did not change.
 */
export function wordEdits(before: string, after: string): TextEdit[] | null {
  const changes = wordChanges(before, after);
  if (!changes) return null;
  const edits: TextEdit[] = [];
  let offset = 0;
  let open: TextEdit | null = null;
  for (const [i, c] of changes.entries()) {
    if (open && isGap(changes, i)) {
      offset += c.text.length;
      open.end = offset;
      open.text += c.text;
      continue;
    }
    if (c.kind === "same") {
      open = null;
      offset += c.text.length;
      continue;
    }
    if (!open) {
      open = { start: offset, end: offset, text: "" };
      edits.push(open);
    }
    if (c.kind === "removed") {
      offset += c.text.length;
      open.end = offset;
    } else open.text += c.text;
  }
  return edits;
}
