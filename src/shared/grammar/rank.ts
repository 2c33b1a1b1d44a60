// Ranks a lint's candidate replacements and decides whether the best one is certain enough to
// apply without asking. A misspelling's candidates are ordered by how common the word is
// (SUBTLEX-US counts), how few edits away it is, and whether it keeps the original's ending
// ("Additionaly" → "Additionally", not "Additional"); a split into two words ("happenis" →
// "happen is") is a last resort. A fix is certain only when one candidate clearly wins: on
// "contury", "century" and "country" are both close, so the writer chooses.
import type { PlainLint } from "./lint.js";
import { inCaseOf } from "./words.js";

type Freq = Record<string, number>;

export interface Ranked {
  /** Replacement texts, best first. */
  candidates: string[];
  certain: boolean;
}

/** How far ahead of the runner-up (in score points, ≈ log10 of frequency) the best spelling must be; tuned on dev. */
export const SPELLING_MARGIN = 0.8;
/** A more common candidate with the same first letter at most this much further away (spellingDistance) is a real alternative. */
const RIVAL_SLACK = 0.5;
/** Least frequency for a spelling correction applied without asking (rare words are often the wrong guess). */
const CERTAIN_SPELLING_FREQ = 50;
/** A long word ("advertisements", "disadvantages") has few near neighbours: a rarer one may still be certain. */
const LONG_WORD = 9;
const CERTAIN_LONG_SPELLING_FREQ = 10;
/** Least frequency for a candidate to count as the runner-up. */
const RIVAL_FREQ = 10;
/** An unknown word that the frequency list has this often is probably a real word or name, not a typo. */
const KNOWN_ORIGINAL = 3;

/**
 * Kinds of lint whose fixes are matters of taste or of wording (style, redundancy, word
 * choice, formatting): never applied without asking, whatever the rule's confidence.
 */
const OFFERED_KINDS = new Set(["Style", "Enhancement", "Formatting", "Redundancy", "Readability", "Regionalism", "WordChoice", "Usage"]);

/** Rules of an offered kind whose single fix is right nearly always ("one of the reason" → "reasons"); tuned on dev. */
const CERTAIN_RULES = new Set([
  "OneOfTheSingular", "AdjectiveDoubleDegree", "ToTwoToo", "NounVerbConfusion", "PluralWrongWordOfPhrase", "RegularIrregulars",
  "ThereIsAgreement", "InflectedVerbAfterTo", "TheAnother", "PossessiveYour", "DespiteOf", "OfCourse",
]);

/** Rules whose first suggestion is right although they list others ("its not" → "it's", then "it has"). */
const FIRST_IS_CERTAIN = new Set(["ItsContraction"]);

/** Rules tuned out on the development split (bench:ai-quality): their single fix was wrong too often. */
const OFFERED_RULES = new Set<string>(["ThenThan", "NominalWants", "CorrectNumberSuffix", "DisjointPrefixes", "MassNouns", "Everyone", "Everybody", "Someone", "CompoundNouns", "MergeWords"]);

/** Score points for a candidate that keeps the original's last two letters (its suffix). */
const SUFFIX_BONUS = 0.5;
/** Score points lost per edit (spellingDistance). */
const DISTANCE_WEIGHT = 2;
/** Weighted costs of the common slips (spellingDistance); other edits cost 1. */
const SMALL_SLIP = 0.6;
const DOUBLED = 0.5;
const SWAP = 0.6;

const freqOf = (freq: Freq, w: string) => freq[w.toLowerCase()] ?? 0;

const VOWEL = /[aeiouy]/;
/** Consonants that sound alike and are often written for one another ("nesessary", "finaly"). */
const ALIKE = new Set(["cs", "sc", "ck", "kc", "cq", "qc", "sz", "zs", "fv", "vf", "dt", "td", "bp", "pb", "gj", "jg", "mn", "nm", "ph", "fw", "wf"]);

/** The cost of writing `b` where `a` was meant: a vowel for a vowel or a sound-alike letter is a small slip. */
function substitution(a: string, b: string): number {
  if (a === b) return 0;
  if (VOWEL.test(a) && VOWEL.test(b)) return SMALL_SLIP;
  return ALIKE.has(a + b) ? SMALL_SLIP : 1;
}

/**
 * Edits from a misspelling to a candidate, weighted by how often writers make them: a missed
 * or doubled letter, a vowel for a vowel, two letters swapped cost less than other edits
 * ("writting" → "writing" is closer than → "waiting", "libary" → "library" than → "liar").
 * Computed here rather than taken from the checker, so the browser's and the server's
 * candidates are ranked alike.
 */
export function spellingDistance(misspelt: string, candidate: string): number {
  const a = misspelt.toLowerCase();
  const b = candidate.toLowerCase();
  // Dropping or adding a letter: cheap when it is a vowel or doubles its neighbour.
  const indel = (s: string, i: number) => (s[i] === s[i - 1] || s[i] === s[i + 1] ? DOUBLED : VOWEL.test(s[i]!) ? SMALL_SLIP : 1);
  const rows: number[][] = [[0]];
  for (let j = 1; j <= b.length; j++) rows[0]![j] = rows[0]![j - 1]! + indel(b, j - 1);
  for (let i = 1; i <= a.length; i++) {
    const row = [rows[i - 1]![0]! + indel(a, i - 1)];
    for (let j = 1; j <= b.length; j++) {
      let d = Math.min(rows[i - 1]![j]! + indel(a, i - 1), row[j - 1]! + indel(b, j - 1), rows[i - 1]![j - 1]! + substitution(b[j - 1]!, a[i - 1]!));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + SWAP);
      row.push(d);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** A contraction's score: as a word as common as "don't" or "I'm" is, with nothing but the apostrophe changed. */
const CONTRACTION_SCORE = 6;

/** Whether `candidate` is `misspelt` with its apostrophe put back ("dont" → "don't", "Im" → "I'm"). */
const isContractionOf = (misspelt: string, candidate: string) =>
  /^\p{L}+'\p{L}+$/u.test(candidate) && /^(?:n't|'re|'ve|'ll|'d|'m)$/.test(candidate.slice(candidate.indexOf("'") - (candidate.endsWith("n't") ? 1 : 0))) && candidate.replace("'", "") === misspelt;

function score(original: string, text: string, distance: number, freq: Freq): number {
  const parts = text.split(/\s+/).filter(Boolean);
  if (parts.length > 1) return Math.min(...parts.map((p) => Math.log10(freqOf(freq, p) + 1))) - 2 * distance - 3;
  const o = original.toLowerCase();
  const c = text.toLowerCase();
  // "dont" → "don't": the list counts a contraction under its first part ("don"), which is
  // not a word of its own in writing.
  if (isContractionOf(o, c)) return CONTRACTION_SCORE;
  let s = Math.log10(freqOf(freq, c) + 1) - DISTANCE_WEIGHT * distance;
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
      (!OFFERED_KINDS.has(lint.kind) || CERTAIN_RULES.has(lint.rule)) &&
      !OFFERED_RULES.has(lint.rule) &&
      (unique.length === 1 || FIRST_IS_CERTAIN.has(lint.rule) || CERTAIN_RULES.has(lint.rule)) &&
      (lint.rule !== "AnA" || (freqOf(freq, nextWord) >= CERTAIN_SPELLING_FREQ && /^\p{Ll}/u.test(nextWord)));
    return { candidates: unique.map((t) => t.text), certain };
  }
  const scored = unique
    .map((t) => ({
      ...t,
      distance: /\s/.test(t.text) ? t.distance : isContractionOf(original.toLowerCase(), t.text.toLowerCase()) ? 0 : spellingDistance(original, t.text),
    }))
    .map((t, order) => ({ ...t, order, score: score(original, t.text, t.distance, freq) }));
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  const best = scored[0]!;
  // A word the list has seen only a few times ("grimmer" beside "grammer") is not a rival.
  const second = scored.slice(1).find((c) => /\s/.test(c.text) || freqOf(freq, c.text) >= RIVAL_FREQ);
  const single = !/\s/.test(best.text);
  const certain =
    single &&
    best.distance <= 2 &&
    (freqOf(freq, best.text) >= (best.text.length >= LONG_WORD ? CERTAIN_LONG_SPELLING_FREQ : CERTAIN_SPELLING_FREQ) ||
      isContractionOf(original.toLowerCase(), best.text.toLowerCase())) &&
    (freqOf(freq, original) < KNOWN_ORIGINAL || isContractionOf(original.toLowerCase(), best.text.toLowerCase())) &&
    (!second || best.score - second.score >= SPELLING_MARGIN) &&
    // A more common word nearly as close, with the same first letter ("contury": "century" or
    // "country") is a real alternative; "grammer" → "hammer" is not.
    !scored.some(
      (c) =>
        c !== best &&
        c.distance <= best.distance + RIVAL_SLACK &&
        c.text[0]?.toLowerCase() === original[0]?.toLowerCase() &&
        freqOf(freq, c.text) > freqOf(freq, best.text),
    );
  // In the word's case ("Libary" → "Library"), whichever checker listed them.
  const candidates: string[] = [];
  for (const c of scored) {
    const text = /\s/.test(c.text) ? c.text : inCaseOf(original, c.text);
    if (!candidates.includes(text)) candidates.push(text);
  }
  return { candidates, certain };
}
