// From a checker's lints to the problems a writer sees: the app's own rules added, each
// lint's candidates ranked (rank.ts) and marked certain or offered, paragraphs that are not
// English and the spelling of names and identifiers left alone, overlaps dropped. The server's
// offline engine (correctGrammar) and the editor's check as you type both go through here, so
// both flag the same problems with the same candidates.
import type { GrammarChange } from "../contracts/ai.js";
import { agreementLints } from "./agreement.js";
import type { PlainLint } from "./lint.js";
import { compoundSubject, introComma, pastTense } from "./patterns.js";
import { rankLint } from "./rank.js";
import { STOPWORDS, words } from "./words.js";

/** One problem: where it is, what to put there, and whether that fix is certain. */
export interface Edit {
  start: number;
  end: number;
  insert: string;
  certain: boolean;
  rule: string;
  change: GrammarChange;
}

// harper.js reports spans in UTF-16 units (JavaScript string indices); verified with emoji.
function toEdit(text: string, lint: PlainLint, freq: Record<string, number>): Edit | null {
  const { start, end } = lint;
  const original = text.slice(start, end);
  const nextWord = /^\s*([\p{L}']+)/u.exec(text.slice(end))?.[1] ?? "";
  const { candidates, certain } = rankLint(lint, original, freq, nextWord);
  const insert = candidates[0];
  if (insert === undefined) return null;
  return {
    start,
    end,
    insert,
    certain,
    rule: lint.rule,
    change: { original, replacement: insert, message: lint.message, kind: lint.kind, offset: start, suggestions: candidates, certain },
  };
}

/**
 * Whether a paragraph reads as English. The checker knows no other language: on Polish,
 * German or French it "corrects" nearly every word into an English one. English prose is
 * about half function words ("the", "of", "to"…); a paragraph with fewer than one in five
 * is left alone, unless it is a short fragment in plain ASCII letters.
 */
export function looksEnglish(paragraph: string): boolean {
  const all = words(paragraph);
  if (all.length === 0) return true;
  const functionWords = all.filter((w) => STOPWORDS.has(w.toLowerCase())).length;
  if (functionWords / all.length >= 0.2) return true;
  return all.length < 6 && all.every((w) => /^[A-Za-z0-9'’]+$/.test(w));
}

/** Start and end of every paragraph (line) that does not read as English. */
function foreignSpans(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  for (const line of text.split("\n")) {
    if (!looksEnglish(line)) spans.push([start, start + line.length]);
    start += line.length + 1;
  }
  return spans;
}

/** Whether `start` begins a sentence: the text's or a line's start, or after . ! ? (and quotes or brackets). */
function atSentenceStart(text: string, start: number): boolean {
  let i = start - 1;
  while (i >= 0 && /[\s"'“‘([]/.test(text[i]!) && text[i] !== "\n") i--;
  return i < 0 || /[\n.!?]/.test(text[i]!);
}

/**
 * A spelling "mistake" that is most likely a name or an identifier: a capitalised word inside
 * a sentence (Grzegorz, São Paulo) or part of a token with digits, underscores, slashes, @ or
 * dots inside (eu-west-1, user_id, example.com, ann@example.com). The dictionary does not know
 * them. A capitalised word that starts a sentence is checked ("Becaus", "Additionaly"); if it
 * is a name, no known word is close enough to be certain, so it is only offered as a choice.
 */
function isNameOrIdentifier(text: string, start: number, end: number): boolean {
  let from = start;
  while (from > 0 && !/\s/.test(text[from - 1]!)) from--;
  let to = end;
  while (to < text.length && !/\s/.test(text[to]!)) to++;
  const token = text.slice(from, to);
  if (/[\d_@/\\]|\.\p{L}/u.test(token)) return true;
  const word = text.slice(start, end);
  if (/^\p{Lu}{2,}/u.test(word)) return true;
  return /^\p{Lu}/u.test(word) && !atSentenceStart(text, start);
}

function keep(text: string, foreign: [number, number][], edit: Edit): boolean {
  if (foreign.some(([from, to]) => edit.start >= from && edit.start < to)) return false;
  return !(edit.change.kind === "Spelling" && isNameOrIdentifier(text, edit.start, edit.end));
}

/**
 * The problems in `text` given harper's lints and the words' frequencies: every problem with
 * its candidates, best first, in text order, none overlapping (at one place a certain one wins).
 */
export function reviewLints(text: string, lints: PlainLint[], freq: Record<string, number>): Edit[] {
  const foreign = foreignSpans(text);
  // The past-tense and subject-of-two fixes come first: where harper flags the same verb ("he go" →
  // "goes"), theirs is the one kept.
  const edits = [...pastTense(text), ...compoundSubject(text), ...lints, ...agreementLints(text, freq), ...introComma(text)]
    .map((l) => toEdit(text, l, freq))
    .filter((e): e is Edit => e !== null && keep(text, foreign, e))
    .sort((a, b) => a.start - b.start || Number(b.certain) - Number(a.certain));
  const chosen: Edit[] = [];
  for (const e of edits) {
    const prev = chosen[chosen.length - 1];
    if (prev && e.start < prev.end) continue;
    chosen.push(e);
  }
  return chosen;
}
