// The kind of a reference edit, for counting what the grammar engine misses (bench:ai-quality
// with MISSES=1): a rough sort by the words removed and added, enough to see which kinds of
// mistakes dominate (spelling, noun number, articles, commas…) and which are rewording.
import { charDistance } from "./gec-score.js";

const ARTICLES = new Set(["a", "an", "the"]);
const PREPOSITIONS = new Set(
  "in on at to for of with from by about into onto over under between among through during without within upon towards toward across against".split(" "),
);
const CONFUSED = [
  ["their", "there", "they're"], ["then", "than"], ["affect", "effect"], ["its", "it's"], ["your", "you're"], ["to", "too", "two"],
  ["lose", "loose"], ["whose", "who's"], ["were", "where", "we're"], ["accept", "except"], ["advice", "advise"], ["quite", "quiet"],
];
const PRONOUNS = ["i", "me", "he", "him", "she", "her", "we", "us", "they", "them"];
const AUXILIARIES = ["is", "are", "was", "were", "be", "been", "being", "am", "has", "have", "had", "do", "does", "did"];
const MODALS = ["will", "would", "can", "could", "should"];
const PUNCTUATION = /^[^\p{L}\p{N}]+$/u;

/**
 * The kind of the edit that replaces source words `removed` with `added` (lower-cased tokens);
 * `known` tells whether a word is in the frequency list (a word that is not is a misspelling).
 */
export function editKind(removed: string[], added: string[], known: (w: string) => boolean): string {
  if (removed.length > 1 || added.length > 1) return "rewording (several words)";
  const [r, a] = [removed[0], added[0]];
  if (r && a) {
    if (CONFUSED.some((c) => c.includes(r) && c.includes(a))) return "confusion set (their/there, then/than…)";
    if (ARTICLES.has(r) && ARTICLES.has(a)) return "article changed";
    if (PREPOSITIONS.has(r) && PREPOSITIONS.has(a)) return "preposition changed";
    if (PUNCTUATION.test(r) && PUNCTUATION.test(a)) return "punctuation changed";
    if (PRONOUNS.includes(r) && (PRONOUNS.includes(a) || ["my", "his", "our", "their"].includes(a))) return "pronoun case";
    if (AUXILIARIES.includes(r) && AUXILIARIES.includes(a)) return "be/have/do form (agreement, tense)";
    if (!known(r)) return "spelling (not a word)";
    const singular = (w: string) => w.replace(/ies$/, "y").replace(/(?<=[sxz]|ch|sh)es$/, "").replace(/s$/, "");
    if (singular(r) === singular(a)) return "noun number or verb -s (agreement)";
    const stem = (w: string) => w.replace(/(ies|es|s|ed|ing|d)$/, "");
    if (stem(r) === stem(a) || (r.slice(0, 3) === a.slice(0, 3) && charDistance(r, a) <= 3)) return "word form (tense, part of speech)";
    if (charDistance(r, a) <= 2) return "real word for a similar one";
    return "word choice";
  }
  const w = (r ?? a)!;
  const missing = r === undefined;
  const side = missing ? "missing" : "extra";
  if (ARTICLES.has(w)) return `article ${side}`;
  if (PREPOSITIONS.has(w)) return `preposition ${side}`;
  if (w === ",") return `comma ${side}`;
  if (PUNCTUATION.test(w)) return `other punctuation ${side}`;
  if (AUXILIARIES.includes(w) || MODALS.includes(w)) return `verb or auxiliary ${side}`;
  return `other word ${side}`;
}
