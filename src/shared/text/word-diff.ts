// Word-level differences between two texts, as the spans of the first to replace: used to
// apply an AI answer to a document edit by edit (keeping headings, lists and bold around
// the words that did not change) instead of replacing the whole selection.

export interface TextEdit {
  /** Start and end in the original text (UTF-16 units). */
  start: number;
  end: number;
  /** What goes there instead ("" deletes). */
  text: string;
}

/** Words and single punctuation marks, each with its offset. Whitespace is compared only
 * as part of a changed stretch: as tokens of their own, spaces would pair up with each other
 * and pull the alignment away from the words. */
function tokens(s: string): { text: string; offset: number }[] {
  return [...s.matchAll(/[\p{L}\p{N}\p{M}'’]+|[^\s\p{L}\p{N}\p{M}]/gu)].map((m) => ({ text: m[0], offset: m.index ?? 0 }));
}

/** Above this many token pairs the table would be too large to build on a keystroke's budget. */
const MAX_CELLS = 4_000_000;

/**
 * The edits that turn `before` into `after`, from a longest common subsequence of their
 * words; null when the texts are too long to compare cheaply. An edit covers the changed
 * words and the whitespace around them that changed, so it never reaches into a
 * paragraph break it did not change.
 */
export function wordEdits(before: string, after: string): TextEdit[] | null {
  const a = tokens(before);
  const b = tokens(after);
  if ((a.length + 1) * (b.length + 1) > MAX_CELLS) return null;
  const width = b.length + 1;
  // lcs[i * width + j]: the common subsequence length of a[i..] and b[j..].
  const lcs = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * width + j] = a[i]!.text === b[j]!.text ? lcs[(i + 1) * width + j + 1]! + 1 : Math.max(lcs[(i + 1) * width + j]!, lcs[i * width + j + 1]!);
    }
  }
  const at = (list: typeof a, index: number, whole: string) => (index < list.length ? list[index]!.offset : whole.length);
  const edits: TextEdit[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i]!.text === b[j]!.text) {
      i++;
      j++;
      continue;
    }
    const fromA = i;
    const fromB = j;
    while ((i < a.length || j < b.length) && !(i < a.length && j < b.length && a[i]!.text === b[j]!.text)) {
      if (j >= b.length || (i < a.length && lcs[(i + 1) * width + j]! >= lcs[i * width + j + 1]!)) i++;
      else j++;
    }
    // From the end of the last unchanged word to the start of the next one, on both sides,
    // less the whitespace both sides begin and end with.
    let start = fromA > 0 ? a[fromA - 1]!.offset + a[fromA - 1]!.text.length : 0;
    let end = at(a, i, before);
    let text = after.slice(fromB > 0 ? b[fromB - 1]!.offset + b[fromB - 1]!.text.length : 0, at(b, j, after));
    while (end > start && text.length > 0 && /\s/.test(text[0]!) && before[start] === text[0]) {
      start++;
      text = text.slice(1);
    }
    while (end > start && text.length > 0 && /\s/.test(text[text.length - 1]!) && before[end - 1] === text[text.length - 1]) {
      end--;
      text = text.slice(0, -1);
    }
    edits.push({ start, end, text });
  }
  return edits;
}
