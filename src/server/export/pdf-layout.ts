// Lays out one paragraph of styled runs on PDF lines. pdfkit's own "continued" text
// cannot align or justify a line that mixes fonts, so lines are filled here (word by
// word, measuring each word in its own font) and drawn piece by piece at the right x.
// Words wider than a line are split by characters (binary search on the width).
// Each run is first split by the font that draws its characters and by direction
// (pdf-scripts.ts); a line's pieces are then drawn in visual order (pdf-direction.ts), and a
// line is as tall as the tallest font on it needs.
import { drawnText, visualOrder, withActualText } from "./pdf-direction.js";
import { scriptBreakBetween, scriptParts, scriptRuns } from "./pdf-scripts.js";

export interface Run {
  text: string;
  font: string;
  size: number;
  color: string;
  link?: string;
  underline: boolean;
  strike: boolean;
  /** Points above the baseline (superscript) or below it when negative (subscript). */
  rise?: number;
  /** A highlight's background colour. */
  background?: string;
  /** The Unicode bidi embedding level (odd: right to left); set by scriptRuns. */
  level?: number;
}

/** "start" is left in a left-to-right paragraph and right in a right-to-left one. */
export type Align = "start" | "left" | "center" | "right" | "justify";

interface Token {
  text: string;
  run: Run;
  width: number;
  space: boolean;
}

interface Line {
  tokens: Token[];
  /** Ended by a hard break (a justified paragraph does not stretch such a line). */
  hardEnd: boolean;
}

type Pdf = PDFKit.PDFDocument;

/** Where a line's baseline sits below its top, as a share of the line's largest font size. */
export const BASELINE = 0.95;

/** The current font's ascent at this size (pdfkit keeps the AFM metrics on _font). */
export function ascent(pdf: Pdf, size: number): number {
  const font = (pdf as unknown as { _font?: { ascender?: number } })._font;
  return ((font?.ascender ?? 718) / 1000) * size;
}

function measure(pdf: Pdf, run: Run, text: string): number {
  return pdf.font(run.font).fontSize(run.size).widthOfString(text);
}

/** Room for rounding: widths are sums of floating-point glyph advances. */
const EPSILON = 1e-6;

/** A line may break after a hyphen or dash that follows a letter and comes before a letter ("well-|known"). */
const HYPHEN_BREAK = /(?<=[^\s\-\u2010\u2013][-\u2010\u2013])(?=\p{L})/u;

function breaksBetween(before: string, after: string): boolean {
  return HYPHEN_BREAK.test(before.slice(-2) + after.slice(0, 1)) || scriptBreakBetween(before, after);
}

/** Marks, joiners, variation selectors, emoji tags and skin tones: parts of the character before them. */
const ATTACHES = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}]|[\u{1f3fb}-\u{1f3ff}])$/u;

/**
 * Where each character (as a reader sees one) ends: a split never separates an accent, a
 * surrogate pair or the parts of a joined emoji. (Intl.Segmenter does this too, but takes
 * seconds on a word of 50,000 letters.)
 */
function characterEnds(text: string): number[] {
  const ends: number[] = [];
  let at = 0;
  let joined = false;
  for (const ch of text) {
    at += ch.length;
    if (ends.length && (joined || ATTACHES.test(ch))) ends[ends.length - 1] = at;
    else ends.push(at);
    joined = ch === "\u200d";
  }
  return ends;
}

/**
 * The most characters of `text` from `ends[first - 1]` (or 0) that fit in `room`, as the
 * index in `ends` of the last one; first - 1 if none fits. Only a bounded prefix is ever
 * measured, so a huge word costs linear time.
 */
function lastFitting(pdf: Pdf, run: Run, text: string, ends: number[], first: number, room: number): number {
  const from = first > 0 ? ends[first - 1]! : 0;
  const sample = text.slice(from, from + 200);
  const perChar = Math.max(measure(pdf, run, sample) / sample.length, 0.5);
  const limit = from + Math.ceil((room / perChar) * 2) + 8;
  let lo = first - 1;
  let hi = first;
  while (hi < ends.length - 1 && ends[hi]! < limit) hi++;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (measure(pdf, run, text.slice(from, ends[mid])) <= room + EPSILON) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Fills lines word by word. A line breaks at spaces and after a hyphen inside a word, never
 * elsewhere, unless one word is wider than a whole line: that word starts a line of its own
 * and is broken between characters. Every piece is measured in its own font and drawn
 * where the measure puts it, so pieces never overlap. With `indent` (code), the spaces that
 * open a line after a line break are kept.
 */
function breakLines(pdf: Pdf, runs: Run[], maxWidth: number, indent = false): Line[] {
  const lines: Line[] = [];
  let current: Token[] = [];
  let width = 0;
  const hasWords = () => current.some((t) => !t.space);
  const push = (token: Token) => {
    current.push(token);
    width += token.width;
  };
  const finish = (hardEnd: boolean) => {
    while (current.length && current[current.length - 1]!.space) current.pop();
    lines.push({ tokens: current, hardEnd });
    current = [];
    width = 0;
  };
  // Spaces since the last word, and the word (pieces with no break between them) being read.
  let gap: Token[] = [];
  let word: Token[] = [];
  const place = () => {
    if (!word.length) return;
    const wordWidth = word.reduce((sum, t) => sum + t.width, 0);
    const gapWidth = gap.reduce((sum, t) => sum + t.width, 0);
    if (hasWords() && width + gapWidth + wordWidth <= maxWidth + EPSILON) {
      for (const t of gap) push(t);
      for (const t of word) push(t);
    } else if (wordWidth <= maxWidth + EPSILON) {
      if (hasWords()) finish(false);
      else if (indent) for (const t of gap) push(t);
      for (const t of word) push(t);
    } else {
      if (hasWords()) finish(false);
      else if (indent) for (const t of gap) push(t);
      for (const piece of word) {
        const ends = characterEnds(piece.text);
        let next = 0;
        while (next < ends.length) {
          let last = lastFitting(pdf, piece.run, piece.text, ends, next, maxWidth - width);
          if (last < next) {
            if (hasWords()) {
              finish(false);
              continue;
            }
            // Not even one character fits an empty line: it goes there anyway.
            last = next;
          }
          const text = piece.text.slice(next > 0 ? ends[next - 1] : 0, ends[last]);
          push({ text, run: piece.run, width: measure(pdf, piece.run, text), space: false });
          next = last + 1;
        }
      }
    }
    gap = [];
    word = [];
  };
  for (const run of runs) {
    for (const m of run.text.matchAll(/(\n)|( +)|([^ \n]+)/g)) {
      if (m[1]) {
        place();
        gap = [];
        finish(true);
      } else if (m[2]) {
        place();
        gap.push({ text: m[2], run, width: measure(pdf, run, m[2]), space: true });
      } else {
        // Parts between which a line may break: after a hyphen, between Chinese or
        // Japanese characters, between Thai words.
        const parts = m[3]!.split(HYPHEN_BREAK).flatMap(scriptParts);
        parts.forEach((text, i) => {
          const last = word[word.length - 1];
          if (last && (i > 0 || breaksBetween(last.text, text))) place();
          word.push({ text, run, width: measure(pdf, run, text), space: false });
        });
      }
    }
  }
  place();
  if (current.length || !lines.length) finish(true);
  return lines;
}

/** The current font's descent at this size, as a positive number. */
function descent(pdf: Pdf, size: number): number {
  const font = (pdf as unknown as { _font?: { descender?: number } })._font;
  return (-(font?.descender ?? -207) / 1000) * size;
}

/**
 * Where a line's baseline sits below its top, and its height: DejaVu's proportions (which
 * leave room to spare), or more when a font on the line reaches further up or down (Noto
 * Naskh Arabic and Thai do), so that lines of such text never overlap.
 */
function lineMetrics(pdf: Pdf, tokens: Token[], size: number, lineGap: number) {
  let above = size * BASELINE;
  let below = size * 1.2 - above;
  for (const t of tokens) {
    if (!t.run.font.startsWith("Noto-")) continue;
    pdf.font(t.run.font).fontSize(t.run.size);
    above = Math.max(above, ascent(pdf, t.run.size) + (t.run.rise ?? 0));
    below = Math.max(below, descent(pdf, t.run.size) - (t.run.rise ?? 0));
  }
  return { above, height: above + below + lineGap };
}

/** The height drawParagraph takes for these runs in `width` when no page break falls in it (tables measure cells with it). */
export function paragraphHeight(pdf: Pdf, runs: Run[], width: number, lineGap = 2, indent = false): number {
  let height = 0;
  for (const line of breakLines(pdf, scriptRuns(pdf, runs).runs, width, indent)) {
    const size = Math.max(...line.tokens.map((t) => t.run.size), runs[0]?.size ?? 11);
    height += lineMetrics(pdf, line.tokens, size, lineGap).height;
  }
  return height;
}

/**
 * Draws the runs from (x, pdf.y) within width; leaves pdf.y below the paragraph.
 * `onFirstLine` gets the first line's baseline and font size, on that line's page, before it is drawn.
 * `indent`: the spaces opening each line after a line break are kept (code).
 */
export function drawParagraph(
  pdf: Pdf,
  runs: Run[],
  x: number,
  width: number,
  align: Align,
  onFirstLine?: (baseline: number, size: number) => void,
  lineGap = 2,
  indent = false,
) {
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const prepared = scriptRuns(pdf, runs);
  const lines = breakLines(pdf, prepared.runs, width, indent);
  const start = prepared.rtl ? "right" : "left";
  const lineAlign = align === "start" ? start : align;
  lines.forEach((line, index) => {
    const size = Math.max(...line.tokens.map((t) => t.run.size), runs[0]?.size ?? 11);
    const { above, height } = lineMetrics(pdf, line.tokens, size, lineGap);
    if (pdf.y + height > bottom() && pdf.y > pdf.page.margins.top) pdf.addPage();
    const top = pdf.y;
    const used = line.tokens.reduce((sum, t) => sum + t.width, 0);
    const spaces = line.tokens.filter((t) => t.space).length;
    const last = index === lines.length - 1 || line.hardEnd;
    let cursor = x;
    let extraPerSpace = 0;
    if (lineAlign === "center") cursor += Math.max(0, (width - used) / 2);
    else if (lineAlign === "right" || (lineAlign === "justify" && last && start === "right")) cursor += Math.max(0, width - used);
    else if (lineAlign === "justify" && !last && spaces) extraPerSpace = Math.max(0, (width - used) / spaces);
    const baseline = top + above;
    if (index === 0) onFirstLine?.(baseline, size);
    const tokens = visualOrder(line.tokens, (t) => t.run.level ?? 0);
    for (let k = 0; k < tokens.length; k++) {
      const token = tokens[k]!;
      const r = token.run;
      // Every space is drawn as a space character (with the word before it when they share
      // a style), so a reader copying or searching the text gets its word breaks: without
      // one, a viewer guesses from the gap and ran short words together ("a a" as "aa").
      // Underline, strike and link run on across the space.
      const next = tokens[k + 1];
      // (A right-to-left word is laid out right to left, space and all: its space goes alone.)
      const withSpace = !token.space && next?.space === true && next.run === r && (r.level ?? 0) % 2 === 0;
      if (r.background) {
        const w = token.width + (token.space ? extraPerSpace : 0) + (withSpace ? next.width + extraPerSpace : 0);
        pdf.save().rect(cursor, top, w, size * 1.2).fill(r.background).restore();
      }
      pdf.font(r.font).fontSize(r.size).fillColor(r.color);
      // pdfkit places text by its top (and draws underline and strike from there), so
      // the shared baseline is turned into this font's top.
      // No width: given one, pdfkit wraps the text again by its own measure, and a word
      // like "well-known", one float wider as two parts, was broken after its hyphen by
      // pdfkit and its tail drawn a line lower, over the next line's words.
      const text = token.space ? " " : withSpace ? `${token.text} ` : drawnText(token.text, r.level ?? 0);
      withActualText(pdf, text, () =>
        pdf.text(text, cursor, baseline - ascent(pdf, r.size) - (r.rise ?? 0), {
          lineBreak: false,
          link: r.link ?? null,
          underline: r.underline,
          strike: r.strike,
        }),
      );
      cursor += token.width + (token.space ? extraPerSpace : 0);
      if (withSpace) {
        cursor += next.width + extraPerSpace;
        k++;
      }
    }
    pdf.x = x;
    pdf.y = top + height;
  });
}
