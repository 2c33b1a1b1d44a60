// Script support for the PDF's text runs: which font draws each character, and which way
// each piece of a paragraph runs.
//  - Fonts: every run is split where the font that can draw its characters changes. A
//    character of a script with a shipped Noto font (Chinese, Japanese, Korean, Arabic,
//    Hebrew, Devanagari, Thai, emoji) takes that font; punctuation, digits and spaces stay
//    with the font of the character before them when it has them (so "中文，" or "नमस्ते।"
//    is one piece, shaped as one); anything else takes the writer's DejaVu font, then the
//    first fallback that has it. Characters that belong together (a letter and its marks,
//    an emoji and its joiners, skin tones and flags) are never split between fonts.
//  - Direction: a paragraph that contains right-to-left letters gets its Unicode bidi levels
//    (bidi-js); runs are split where the level changes, and pdf-layout.ts lays each line's
//    pieces out in visual order (pdf-direction.ts). fontkit shapes each piece (Arabic joining,
//    Devanagari conjuncts and vowel signs, Thai marks) with the font's OpenType tables.
// A paragraph of Latin, Greek or Cyrillic text takes a fast path: no fallback font is read,
// and no bidi levels are computed.
import bidiFactory, { type Bidi } from "bidi-js";
import { type AnyFont, type FallbackScript, fallbackFont, hasGlyph, isFallback, registerFallback } from "./pdf-fonts.js";
import type { Run } from "./pdf-layout.js";

const HAN = /[\p{Script=Han}\p{Script=Bopomofo}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
const SCRIPTS: [RegExp, FallbackScript][] = [
  [/\p{Script=Arabic}/u, "Arabic"],
  [/\p{Script=Hebrew}/u, "Hebrew"],
  [/\p{Script=Devanagari}/u, "Devanagari"],
  [/\p{Script=Thai}/u, "Thai"],
];
const COMMON = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** Right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms). */
export const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
/** Joiners, variation selectors and tags: drawn by whatever font draws the character they belong to. */
const IGNORABLE = /^(?:\u200c|\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}])$/u;
/** Marks, joiners, variation selectors, emoji tags and skin tones: parts of the character before them. */
const ATTACHES = /^(?:\p{M}|\u200c|\u200d|[\ufe00-\ufe0f]|[\u{e0020}-\u{e007f}]|[\u{1f3fb}-\u{1f3ff}])$/u;
const REGIONAL = /^[\u{1f1e6}-\u{1f1ff}]$/u;
const EMOJI = /\p{Emoji_Presentation}|\ufe0f|\u20e3|[\u{1f1e6}-\u{1f1ff}]/u;

/** Which CJK font draws Han characters: Japanese text (it has kana) and Korean text (Hangul) get their own forms. */
type CjkOrder = readonly FallbackScript[];
const CJK_SC: CjkOrder = ["SC", "JP", "KR"];
const CJK_JP: CjkOrder = ["JP", "SC", "KR"];
const CJK_KR: CjkOrder = ["KR", "SC", "JP"];
const OTHERS: FallbackScript[] = ["Arabic", "Hebrew", "Devanagari", "Thai", "Emoji"];

function cjkOrder(text: string): CjkOrder {
  return KANA.test(text) ? CJK_JP : HANGUL.test(text) ? CJK_KR : CJK_SC;
}

/** The characters as readers see them: a base and what attaches to it (as strings). */
export function clusters(text: string): string[] {
  const out: string[] = [];
  let joined = false;
  let regional = false;
  for (const ch of text) {
    const last = out.length - 1;
    if (last >= 0 && (joined || ATTACHES.test(ch) || (regional && REGIONAL.test(ch)))) {
      out[last] += ch;
      regional = false;
    } else {
      out.push(ch);
      regional = REGIONAL.test(ch);
    }
    joined = ch === "\u200d";
  }
  return out;
}

function covers(font: AnyFont, cluster: string): boolean {
  for (const ch of cluster) {
    if (!IGNORABLE.test(ch) && !hasGlyph(font, ch.codePointAt(0)!)) return false;
  }
  return true;
}

/** The fonts to try for one character, best first. */
function candidates(cluster: string, base: string, previous: AnyFont | null, cjk: CjkOrder): AnyFont[] {
  const all = (scripts: readonly FallbackScript[]) => scripts.map((s) => fallbackFont(s, base));
  const rest = [...all(cjk), ...all(OTHERS)];
  if (EMOJI.test(cluster)) return [fallbackFont("Emoji", base), base as AnyFont, ...rest];
  const ch = cluster;
  if (HAN.test(ch) || KANA.test(ch)) return [...all(cjk), base as AnyFont, ...rest];
  if (HANGUL.test(ch)) return [...all(CJK_KR), base as AnyFont, ...rest];
  for (const [re, script] of SCRIPTS) if (re.test(ch)) return [fallbackFont(script, base), base as AnyFont, ...rest];
  // Punctuation, digits and spaces go with the text before them (never with the emoji font,
  // whose digits and "#" are keycap pictures).
  if (previous && previous !== fallbackFont("Emoji", base) && COMMON.test(String.fromCodePoint(ch.codePointAt(0)!))) {
    return [previous, base as AnyFont, ...rest];
  }
  return [base as AnyFont, ...rest];
}

/** The font that draws this character, or null when no shipped font has it. */
function fontFor(cluster: string, base: string, previous: AnyFont | null, cjk: CjkOrder): AnyFont | null {
  const code = cluster.codePointAt(0)!;
  // Latin, Greek, Cyrillic and the rest of DejaVu's own range: the writer's font.
  if (code < 0x0590 && cluster.length === 1 && hasGlyph(base as AnyFont, code)) return base as AnyFont;
  for (const font of candidates(cluster, base, previous, cjk)) if (covers(font, cluster)) return font;
  return null;
}

/** Whether some shipped font draws this character (pdf-text.ts shows "?" for the rest). */
export function anyFontHas(codePoint: number, base: string): boolean {
  return fontFor(String.fromCodePoint(codePoint), base, null, CJK_SC) !== null;
}

let bidi: Bidi | undefined;
/** Built on first use (its tables take a few milliseconds), so Latin-only exports never pay for it. */
function bidiLevels(text: string): { levels: Uint8Array; rtl: boolean } {
  bidi ??= bidiFactory();
  // A hard break ("\n") is a line break inside the paragraph, not a new paragraph: the
  // algorithm gets a line separator (same length) so the paragraph keeps one direction,
  // the one of its first letter that has a direction.
  const result = bidi.getEmbeddingLevels(text.replace(/\n/g, "\u2028"), "auto");
  return { levels: result.levels, rtl: (result.paragraphs[0]?.level ?? 0) % 2 === 1 };
}

/** Whether text runs right to left: its first letter that has a direction is Arabic, Hebrew… (a paragraph's rule). */
export function isRightToLeft(text: string): boolean {
  return RTL_LETTER.test(text) && bidiLevels(text).rtl;
}

/** A mirrored bracket for right-to-left text ("(" drawn as ")"), or the character itself. */
export function mirrored(ch: string): string {
  bidi ??= bidiFactory();
  return bidi.getMirroredCharacter(ch) ?? ch;
}

export interface ScriptRuns {
  runs: Run[];
  /** The paragraph's direction, from its first strong letter. */
  rtl: boolean;
}

/**
 * Splits a paragraph's runs where the drawing font or the bidi level changes, registering
 * the fallback fonts used with this document. Characters no font has become "?".
 */
export function scriptRuns(pdf: PDFKit.PDFDocument, runs: Run[]): ScriptRuns {
  const text = runs.map((r) => r.text).join("");
  // The fast path: every character below Hebrew and in the writer's font (every DejaVu
  // font has all of ASCII).
  let simple = true;
  for (const r of runs) {
    for (const ch of r.text) {
      const code = ch.codePointAt(0)!;
      if (code < 0x7f) continue;
      if (code >= 0x0590 || !hasGlyph(r.font as AnyFont, code)) {
        simple = false;
        break;
      }
    }
    if (!simple) break;
  }
  if (simple) return { runs, rtl: false };
  const { levels, rtl } = RTL_LETTER.test(text) ? bidiLevels(text) : { levels: null, rtl: false };
  const cjk = cjkOrder(text);
  const out: Run[] = [];
  let offset = 0;
  let previous: AnyFont | null = null;
  for (const run of runs) {
    if (run.text === "\n") {
      out.push({ ...run, level: rtl ? 1 : 0 });
      offset += 1;
      continue;
    }
    let piece: Run | null = null;
    for (const cluster of clusters(run.text)) {
      const level = levels ? levels[offset]! : 0;
      offset += cluster.length;
      // A line break inside a run stays a line break (no font draws it).
      const font: AnyFont | null = cluster === "\n" ? (previous ?? (run.font as AnyFont)) : fontFor(cluster, run.font, previous, cjk);
      const drawn: AnyFont = font ?? (run.font as AnyFont);
      const chars = font ? cluster : "?";
      previous = drawn;
      if (piece && piece.font === drawn && piece.level === level) piece.text += chars;
      else {
        if (isFallback(drawn)) registerFallback(pdf, drawn);
        piece = { ...run, text: chars, font: drawn, level };
        out.push(piece);
      }
    }
  }
  return { runs: out, rtl };
}

const CJK_CHAR = "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Bopomofo}";
/** Small kana and marks that may not start a line (Japanese line-breaking rules). */
const NO_LINE_START = "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶー々ゝゞヽヾ";
/**
 * Chinese and Japanese have no spaces: a line may break between two of their characters, or
 * after their full stop or comma, but not before a closing mark (those are not in CJK_CHAR).
 */
const CJK_BREAK = new RegExp(`(?<=[${CJK_CHAR}、。，！？；：」』）])(?![${NO_LINE_START}])(?=[${CJK_CHAR}])`, "u");
/** CJK_BREAK matched only at lastIndex. */
const CJK_AT = new RegExp(CJK_BREAK.source, "uy");
const THAI = /\p{Script=Thai}/u;
const NEEDS_PARTS = /[\u0e00-\u0e7f\u2e80-\ua4cf\uf900-\ufaff\uff00-\uffef\u{20000}-\u{3ffff}]/u;
/** Thai words joined without spaces: split by ICU's dictionary, only up to this length (it is slow on huge words). */
const THAI_SEGMENT_LIMIT = 2000;

let thaiWords: Intl.Segmenter | undefined;

/** A word's parts between which a line may break in Chinese, Japanese and Thai. */
export function scriptParts(word: string): string[] {
  if (!NEEDS_PARTS.test(word)) return [word];
  let parts = [word];
  if (THAI.test(word) && word.length <= THAI_SEGMENT_LIMIT) {
    thaiWords ??= new Intl.Segmenter("th", { granularity: "word" });
    parts = [...thaiWords.segment(word)].map((s) => s.segment);
  }
  return parts.flatMap((part) => part.split(CJK_BREAK));
}

/** Whether a line may break between two pieces of text that meet (at a change of style or font). */
export function scriptBreakBetween(before: string, after: string): boolean {
  const tail = before.slice(-2);
  if (!NEEDS_PARTS.test(tail)) return false;
  CJK_AT.lastIndex = tail.length;
  return CJK_AT.test(tail + after.slice(0, 2));
}
