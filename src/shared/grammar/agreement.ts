// Agreement and number checks harper does not make: a plural subject with a verb in the
// third person singular ("people feels", "Employees enjoys"), "it" with the bare verb ("it
// depend on"), and a counting word before a singular noun ("many reason"). Each is a pattern
// over the words, kept narrow so that it is rarely wrong: the verb must be followed by a word
// that can only follow a verb (a preposition, an article, a pronoun, punctuation), and every
// form it proposes must be a word the frequency list knows.
import type { PlainLint } from "./lint.js";

type Freq = Record<string, number>;

/** A form is taken as a word when the frequency list has it at least this often. */
const KNOWN = 20;

const known = (freq: Freq, w: string) => (freq[w.toLowerCase()] ?? 0) >= KNOWN;

/** Words that can follow a verb but not start a noun phrase's continuation. */
const AFTER_VERB =
  /^(?:the|a|an|that|to|on|in|at|for|with|about|from|into|it|its|them|him|her|me|us|you|their|his|our|my|this|these|those|more|very|so|not|no|some|many|all|a|lot|and|because|when|if|like|what|how|why|up|out|down|over|every|each|other|new|good|well|better|much|too)$/i;

/** Verbs that are rarely nouns: after a plural subject, their -s form is wrong whatever follows. */
const COMMON_VERBS = new Set([
  "feel", "think", "want", "know", "say", "go", "enjoy", "believe", "seem", "prefer", "like", "love", "hate", "have", "do", "are",
  "were", "get", "become", "tend", "agree", "disagree", "understand", "spend", "buy", "live", "learn", "depend", "try",
]);

const IRREGULAR_PLURAL_SUBJECTS = new Set(["people", "children", "men", "women", "students", "parents"]);

/** Singular verb forms with their plural. */
const SINGULAR_VERB: Record<string, string> = { is: "are", was: "were", has: "have", does: "do", doesn: "don" };

const NOT_PLURAL_NOUNS = new Set([
  "this", "his", "its", "us", "is", "was", "has", "does", "yes", "thus", "as", "always", "perhaps", "news", "series", "species",
  "means", "physics", "economics", "mathematics", "politics", "less", "unless", "whereas", "sometimes", "besides", "afterwards",
  "towards", "nowadays", "various", "famous", "serious", "previous", "obvious", "numerous", "analysis", "basis", "crisis", "bus",
  "gas", "plus", "status", "campus", "virus", "focus", "bonus", "process", "success", "business", "address", "access", "class",
]);

const ADVERBS_AFTER_IT = new Set([
  "all", "still", "just", "really", "never", "also", "only", "even", "always", "often", "usually", "sometimes", "already",
  "again", "actually", "certainly", "probably", "surely", "too", "so", "very", "much", "more", "most", "less", "well", "better",
  "right", "up", "out", "off", "in", "on", "back", "down", "away", "over", "here", "there", "now", "then", "later", "yet",
  "will", "would", "can", "could", "should", "shall", "may", "might", "must", "did", "does", "do", "had", "was", "is", "has",
  "self", "seems", "not", "and", "or", "but", "as", "to", "for", "of", "at", "by", "with",
]);

/** Bare verbs that end like a participle ("it bring" is not "it bringing"). */
const VERBS_IN_ING = new Set(["bring", "sing", "ring", "swing", "sting", "fling", "cling", "spring", "wring"]);

const COUNTING =
  /\b(many|several|various|numerous|multiple|two|three|four|five|six|seven|eight|nine|ten|twenty|hundreds of|thousands of|millions of|a few|a number of|a variety of|a couple of|these|those|a lot of|lots of|plenty of)\s+(\p{Ll}+)\b/giu;

/** Counting words that also take an uncountable noun ("a lot of time"): the noun's plural must be common. */
const ALSO_MASS = /^(?:a lot of|lots of|plenty of)$/i;
/** The plural must occur at least this share as often as the singular for the noun to be taken as countable. */
const COUNTABLE_SHARE = 0.2;

/** Words that follow a counting word without being the counted noun. */
const NOT_COUNTED = new Set([
  "of", "more", "other", "others", "new", "good", "great", "different", "such", "same", "own", "last", "first", "next",
  "few", "small", "large", "big", "old", "young", "important", "times", "years", "people", "things", "ways", "much", "less",
  "little", "long", "short", "high", "low", "best", "main", "major", "minor", "key", "common", "local", "famous", "top",
  "bad", "poor", "rich", "free", "real", "whole", "full", "open", "hard", "easy", "early", "late", "recent", "certain",
  "possible", "similar", "specific", "useful", "so", "too", "very", "and", "or", "to", "in", "on", "at", "for", "who",
  "which", "that", "are", "were", "have", "had", "will", "would", "can", "could", "should", "may", "might", "must",
  "do", "did", "days", "hours", "minutes", "weeks", "months", "children", "men", "women", "feet", "teeth", "mice", "police",
  "kinds", "sorts", "types", "cases", "percent", "thousand", "hundred", "million", "billion", "dozen", "each", "per",
]);

function pluralOf(w: string): string[] {
  if (/(s|x|z|ch|sh)$/.test(w)) return [`${w}es`];
  if (/[^aeiou]y$/.test(w)) return [`${w.slice(0, -1)}ies`];
  if (/fe?$/.test(w)) return [`${w}s`, w.replace(/fe?$/, "ves")];
  return [`${w}s`];
}

function baseOfThirdPerson(v: string): string[] {
  const lower = v.toLowerCase();
  if (lower in SINGULAR_VERB) return [SINGULAR_VERB[lower]!];
  const out: string[] = [];
  if (lower.endsWith("ies")) out.push(`${lower.slice(0, -3)}y`);
  if (/(ches|shes|sses|xes|zes|oes)$/.test(lower)) out.push(lower.slice(0, -2));
  if (lower.endsWith("s") && !lower.endsWith("ss")) out.push(lower.slice(0, -1));
  return out;
}

function thirdPersonOf(v: string): string {
  if (/(s|x|z|ch|sh|o)$/.test(v)) return `${v}es`;
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  return `${v}s`;
}

const lint = (rule: string, start: number, original: string, replacement: string, message: string): PlainLint => ({
  rule,
  start,
  end: start + original.length,
  message,
  kind: "Agreement",
  suggestions: [{ kind: 0, text: replacement, distance: 1 }],
});

const keepCase = (original: string, replacement: string) =>
  /^\p{Lu}/u.test(original) ? replacement.charAt(0).toUpperCase() + replacement.slice(1) : replacement;

/** The next word after `index` in `text`, or the punctuation mark there. */
function nextToken(text: string, index: number): string {
  const m = /^\s*([\p{L}']+|[.,;:!?])/u.exec(text.slice(index));
  return m?.[1] ?? "";
}

const DETERMINERS = /\b(?:the|most|some|all|these|those|our|their|my|your|many|other|both)$/i;

/** "people feels", "Employees enjoys": a plural subject starting its clause, then a verb in -s. */
function pluralSubjectVerb(text: string, freq: Freq): PlainLint[] {
  const out: PlainLint[] = [];
  // Every pair of neighbouring words (the verb is looked ahead, so pairs overlap).
  const re = /(?<![\p{L}'’])(\p{L}+)\s+(?=(\p{L}+)\b)/gu;
  for (const m of text.matchAll(re)) {
    const subject = m[1]!;
    const verb = m[2]!;
    const before = text.slice(Math.max(0, m.index! - 40), m.index!).trimEnd();
    // At a clause's start or after a determiner any plural noun; elsewhere only the
    // unmistakable ones: in "that helps students" the verb comes first.
    const clauseStart = before === "" || /[.!?;:,]$/.test(before) || DETERMINERS.test(before);
    const s = subject.toLowerCase();
    const plural =
      IRREGULAR_PLURAL_SUBJECTS.has(s) ||
      (clauseStart && /[^su's]s$/.test(s) && !NOT_PLURAL_NOUNS.has(s) && baseOfThirdPerson(s).some((b) => known(freq, b)));
    if (!plural) continue;
    const v = verb.toLowerCase();
    if (NOT_PLURAL_NOUNS.has(v) && !(v in SINGULAR_VERB)) continue;
    if (!(v in SINGULAR_VERB) && !/[^su']s$/.test(v)) continue;
    const base = baseOfThirdPerson(v).find((b) => known(freq, b));
    if (!base) continue;
    const start = m.index! + m[0].length;
    const after = nextToken(text, start + verb.length);
    if (!COMMON_VERBS.has(base) && !AFTER_VERB.test(after) && !/^[.,;:!?]$/.test(after)) continue;
    out.push(lint("PluralSubjectVerb", start, verb, keepCase(verb, base), `The verb should agree with the plural subject “${subject}”: “${base}”.`));
  }
  return out;
}

/** "its not", "its been": the possessive written for "it's" before words that cannot follow a possessive. */
function itsForItIs(text: string): PlainLint[] {
  const out: PlainLint[] = [];
  for (const m of text.matchAll(/\b([Ii])ts(?=\s+(?:not|been|going|very|so|too|really|hard|easy|important|possible|clear|true|difficult|necessary)\b)/g)) {
    out.push(lint("ItsContraction", m.index!, m[0], `${m[1]}t's`, "Use “it's” (short for “it is” or “it has”) here, not the possessive “its”."));
  }
  return out;
}

/** "it depend on": "it" starting its clause, then a bare verb. */
function itBareVerb(text: string, freq: Freq): PlainLint[] {
  const out: PlainLint[] = [];
  const re =
    /(^|[.!?;:]\s+|,\s+|\b(?:and|but|because|so|that|if|when|as|since|although|though|where|while)\s+)(it|he|she)\s+(?:(?:also|usually|always|often|just|still|never|really|only|even|sometimes|generally|mainly)\s+)?(\p{Ll}+)\b/giu;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const verb = m[3]!;
    if (ADVERBS_AFTER_IT.has(verb) || /(s|ed|ly)$/.test(verb) || (/ing$/.test(verb) && !VERBS_IN_ING.has(verb.toLowerCase()))) continue;
    const third = thirdPersonOf(verb);
    if (!known(freq, third) || !known(freq, verb)) continue;
    const after = nextToken(text, m.index + m[0].length);
    if (!/^(?:on|to|in|at|for|with|about|from|the|a|an|that|me|us|them|him|her|you|my|your|our|their|his|its|so|more|a|lot)$/i.test(after)) continue;
    const start = m.index + m[0].length - verb.length;
    out.push(lint("SubjectVerbAgreement", start, verb, third, `The verb should agree with “${m[2]}”: “${third}”.`));
  }
  return out;
}

/** "many reason": a counting word before a singular noun. */
function countedPlural(text: string, freq: Freq): PlainLint[] {
  const out: PlainLint[] = [];
  for (const m of text.matchAll(COUNTING)) {
    const noun = m[2]!;
    if (NOT_COUNTED.has(noun) || noun.endsWith("s") || /(al|ive|ous|ful|ic|able|ible|ent|ant|ed|ing|er|est|ly|ish|less)$/.test(noun)) continue;
    const after = nextToken(text, m.index! + m[0].length);
    // "many reason explain", "many reason." — not "many school buses", where the noun is a modifier.
    if (after && !/^[.,;:!?]$/.test(after) && !AFTER_VERB.test(after) && !/^(?:are|were|have|had|can|will|would|should|could|may|might|do|did|in|of|who|which|we|they|i|explain|make|need|show|help|exist)$/i.test(after)) continue;
    const plural = pluralOf(noun).find((p) => known(freq, p));
    if (!plural || !known(freq, noun)) continue;
    if (ALSO_MASS.test(m[1]!) && (freq[plural] ?? 0) < COUNTABLE_SHARE * (freq[noun] ?? 0)) continue;
    // "these kind of", "those who": not a counted noun.
    if (/^(?:these|those)$/i.test(m[1]!) && (/^(?:kind|sort|type|who|which|that)$/.test(noun) || !/^[.,;:!?]$|^(?:are|were|have|can|will|would|should|may|might|must|do|did|make|need|show|help)$/i.test(after))) continue;
    const start = m.index! + m[0].length - noun.length;
    out.push(lint("CountedPlural", start, noun, plural, `After “${m[1]}”, use the plural: “${plural}”.`));
  }
  return out;
}

export function agreementLints(text: string, freq: Freq): PlainLint[] {
  return [...pluralSubjectVerb(text, freq), ...itBareVerb(text, freq), ...countedPlural(text, freq), ...itsForItIs(text)];
}
