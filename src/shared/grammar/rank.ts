// Ranks a lint's candidate replacements and decides whether the best one is certain enough to
// apply without asking. A misspelling's candidates are ordered by how common the word is
// (SUBTLEX-US counts), how few edits away it is, and whether it keeps the original's ending
// ("Additionaly" → "Additionally", not "Additional"); a split into two words ("happenis" →
// "happen is") is a last resort. A fix is certain only when one candidate clearly wins: on
// "contury", "century" and "country" are both close, so the writer chooses.
import type { PlainLint } from "./lint.js";

type Freq = Record<string, number>;

export interface Ranked {
  /** Replacement texts, best first. */
  candidates: string[];
  certain: boolean;
}

/** How far ahead of the runner-up (in score points, ≈ log10 of frequency) the best spelling must be; tuned on dev. */
export const SPELLING_MARGIN = 1.1;
/** Least frequency for a spelling correction applied without asking (rare words are often the wrong guess). */
const CERTAIN_SPELLING_FREQ = 50;
/** Least frequency for a candidate to count as the runner-up. */
const RIVAL_FREQ = 10;
/** An unknown word that the frequency list has this often is probably a real word or name, not a typo. */
const KNOWN_ORIGINAL = 3;

/**
 * Kinds of lint whose fixes are matters of taste or of wording (style, redundancy, word
 * choice, formatting): never applied without asking, whatever the rule's confidence.
 */
const OFFERED_KINDS = new Set(["Style", "Enhancement", "Formatting", "Redundancy", "Readability", "Regionalism", "WordChoice", "Usage"]);

/** Rules whose first suggestion is right although they list others ("its not" → "it's", then "it has"). */
const FIRST_IS_CERTAIN = new Set(["ItsContraction"]);

/** Rules tuned out on the development split (bench:ai-quality): their single fix was wrong too often. */
const OFFERED_RULES = new Set<string>(["ThenThan", "CorrectNumberSuffix", "DisjointPrefixes", "MassNouns", "Everyone", "Everybody", "Someone", "CompoundNouns", "MergeWords"]);

/** Score points for a candidate that keeps the original's last two letters (its suffix). */
const SUFFIX_BONUS = 0.5;

const freqOf = (freq: Freq, w: string) => freq[w.toLowerCase()] ?? 0;

function score(original: string, text: string, distance: number, freq: Freq): number {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length > 1) return Math.min(...parts.map((p) => Math.log10(freqOf(freq, p) + 1))) - 2 * distance - 3;
  const o = original.toLowerCase();
  const c = text.toLowerCase();
  let s = Math.log10(freqOf(freq, c) + 1) - 2 * distance;
  if (o.slice(-2) === c.slice(-2)) s += SUFFIX_BONUS;
  if (o[0] === c[0]) s += 0.5;
  return s;
}

/**
 * rankLint's context: the word after the lint (a/an is certain only before a word the list
 * knows: "an cat" → "a cat", while "a imper" may hide another mistake).
 */
export function rankLint(lint: PlainLint, original: string, freq: Freq, nextWord = ""): Ranked {
  const REMOVE = 1;
  const INSERT_AFTER = 2;
  const texts = lint.suggestions.map((s) => ({
    text: s.kind === REMOVE ? "" : s.kind === INSERT_AFTER ? original + s.text : s.text,
    distance: s.distance,
  }));
  const seen = new Set<string>();
  // harper sometimes lists one fix twice ("they're", "they're ").
  const unique = texts
    .map((t) => ({ ...t, text: t.text.trim() === "" ? t.text : t.text.trim() }))
    .filter((t) => t.text !== original && !seen.has(t.text.toLowerCase()) && seen.add(t.text.toLowerCase()));
  if (unique.length === 0) return { candidates: [], certain: false };
  if (lint.kind !== "Spelling") {
    // "happenis" → "happen is": a split into two real words is rarely what was meant.
    const split = lint.rule === "SplitWords";
    const certain =
      !split &&
      !OFFERED_KINDS.has(lint.kind) &&
      !OFFERED_RULES.has(lint.rule) &&
      (unique.length === 1 || FIRST_IS_CERTAIN.has(lint.rule)) &&
      (lint.rule !== "AnA" || (freqOf(freq, nextWord) >= CERTAIN_SPELLING_FREQ && /^\p{Ll}/u.test(nextWord)));
    return { candidates: unique.map((t) => t.text), certain };
  }
  const scored = unique.map((t, order) => ({ ...t, order, score: score(original, t.text, t.distance, freq) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0]!;
  // A word the list has seen only a few times ("grimmer" beside "grammer") is not a rival.
  const second = scored.slice(1).find((c) => /\s/.test(c.text) || freqOf(freq, c.text) >= RIVAL_FREQ);
  const single = !/\s/.test(best.text);
  const certain =
    single &&
    best.distance <= 2 &&
    freqOf(freq, best.text) >= CERTAIN_SPELLING_FREQ &&
    freqOf(freq, original) < KNOWN_ORIGINAL &&
    (!second || best.score - second.score >= SPELLING_MARGIN) &&
    // A more common word nearly as close, with the same first letter ("contury": "century", one
    // edit, or "country", two) is a real alternative; "grammer" → "hammer" is not.
    !scored.some(
      (c) =>
        c !== best &&
        c.distance <= best.distance + 1 &&
        c.text[0]?.toLowerCase() === original[0]?.toLowerCase() &&
        freqOf(freq, c.text) > freqOf(freq, best.text),
    );
  return { candidates: scored.map((s) => s.text), certain };
}
