// Checks harper does not make, each a narrow pattern applied only where it is nearly always
// right: a comma after a word or phrase that opens a sentence and links it to the one before
// ("Secondly the place…" → "Secondly, the place…"), an object pronoun in a subject made of two
// ("Me and him went" → "He and I went") and a present tense in a sentence about yesterday
// ("Yesterday I go" → "went").
import type { PlainLint } from "./lint.js";

/** Openers that take a comma when the sentence goes straight on ("Finally the…", "In my opinion it…"). */
const OPENERS = [
  "firstly", "secondly", "thirdly", "lastly", "finally", "thus", "therefore", "hence", "consequently", "moreover", "furthermore",
  "besides", "additionally", "nevertheless", "nonetheless", "meanwhile", "otherwise", "instead", "personally", "unfortunately",
  "fortunately", "obviously", "clearly", "honestly", "nowadays", "in my opinion", "in my view", "in conclusion", "in addition",
  "in fact", "in general", "in short", "in summary", "in other words", "on the other hand", "on the contrary", "for example",
  "for instance", "as a result", "to sum up", "to conclude", "of course", "as a matter of fact", "in the end", "all in all",
  "first of all", "second", "third",
];

/** Words after which the opener is not one ("Finally came…" is inverted, "Second the motion" a verb, "Thus far"). */
const NOT_AFTER = /^(?:far|,|is|was|are|were|of|to|and|or|that|than|as|came|comes)$/i;

const OPENER_RE = new RegExp(`(?:^|(?<=[.!?]["”’)]?\\s+))(${OPENERS.join("|")})(?=\\s+(\\p{L}+|["“]))`, "giu");

/** "Secondly the place…": an opener at a sentence's start, followed directly by a word. */
export function introComma(text: string): PlainLint[] {
  const out: PlainLint[] = [];
  for (const m of text.matchAll(OPENER_RE)) {
    if (NOT_AFTER.test(m[2]!)) continue;
    // "Second" and "third" open with a comma only before a determiner or a pronoun ("Second, the…").
    if (/^(?:second|third)$/i.test(m[1]!) && !/^(?:the|a|an|it|i|we|they|he|she|this|there|in|if|when|many|most|some)$/i.test(m[2]!)) continue;
    out.push({
      rule: "IntroComma",
      start: m.index!,
      end: m.index! + m[1]!.length,
      message: `Put a comma after “${m[1]}” at the start of a sentence.`,
      kind: "Punctuation",
      suggestions: [{ kind: 2, text: ",", distance: 1 }],
    });
  }
  return out;
}

const SUBJECT_OF: Record<string, string> = { me: "I", i: "I", him: "he", he: "he", her: "she", she: "she", us: "we", we: "we", them: "they", they: "they" };

/** Verbs (and the plural of a singular one) that may follow a subject of two: what makes "me and him" a subject. */
const AFTER_SUBJECT: Record<string, string> = {
  went: "went", go: "go", goes: "go", are: "are", is: "are", were: "were", was: "were", have: "have", has: "have", had: "had",
  will: "will", would: "would", can: "can", could: "could", did: "did", do: "do", does: "do", played: "played", play: "play",
  plays: "play", like: "like", likes: "like", love: "love", loves: "love", used: "used", got: "got", met: "met", saw: "saw",
  came: "came", come: "come", comes: "come", should: "should", live: "live", lives: "live", work: "work", works: "work",
};

const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * "Me and him went", "Me and my brother goes": an object pronoun in a subject of two at a
 * sentence's start, before a verb. The subject is written in the usual order, the writer last
 * ("He and I", "My brother and I"), and a verb in -s after it is made plural.
 */
export function compoundSubject(text: string): PlainLint[] {
  const out: PlainLint[] = [];
  const re = /(?:^|(?<=[.!?]["”’)]?\s+))(me|him|her|us|them|i|he|she|we|they)\s+and\s+(me|him|her|us|them|i|he|she|we|they|(?:my|his|her|our|their)\s+\p{Ll}+)\s+(\p{Ll}+)\b/giu;
  for (const m of text.matchAll(re)) {
    const [whole, first, second, verb] = [m[0], m[1]!, m[2]!, m[3]!];
    const a = first.toLowerCase();
    const b = second.toLowerCase();
    const plural = AFTER_SUBJECT[verb.toLowerCase()];
    if (plural === undefined) continue;
    const objectCase = (w: string) => w in SUBJECT_OF && SUBJECT_OF[w] !== w && w !== "i";
    // "her" before a noun is a possessive ("Me and her friends"): only a pronoun pair is taken.
    if (!objectCase(a) && !objectCase(b)) continue;
    if (a === b) continue;
    const subject = (w: string) => (w in SUBJECT_OF ? SUBJECT_OF[w]! : w);
    // The writer last: "me and him" → "he and I".
    const [x, y] = a === "me" || a === "i" ? [subject(b), "I"] : [subject(a), subject(b)];
    const pair = `${cap(x)} and ${y}`;
    const start = m.index!;
    const pairEnd = start + whole.length - verb.length;
    const original = text.slice(start, pairEnd).trimEnd();
    if (pair !== original) {
      out.push({
        rule: "CompoundSubject",
        start,
        end: start + original.length,
        message: `As the subject, write “${pair}”.`,
        kind: "Grammar",
        suggestions: [{ kind: 0, text: pair, distance: 1 }],
      });
    }
    if (plural !== verb.toLowerCase()) {
      out.push({
        rule: "CompoundSubjectVerb",
        start: pairEnd,
        end: pairEnd + verb.length,
        message: `With a subject of two, the verb is plural: “${plural}”.`,
        kind: "Agreement",
        suggestions: [{ kind: 0, text: plural, distance: 1 }],
      });
    }
  }
  return out;
}

/** Past tenses of common irregular verbs. */
const PAST: Record<string, string> = {
  go: "went", come: "came", see: "saw", buy: "bought", eat: "ate", take: "took", make: "made", get: "got", have: "had",
  give: "gave", find: "found", tell: "told", say: "said", write: "wrote", run: "ran", meet: "met", leave: "left",
  think: "thought", bring: "brought", begin: "began", know: "knew", feel: "felt", teach: "taught", sleep: "slept",
  spend: "spent", lose: "lost", pay: "paid", sit: "sat", stand: "stood", win: "won", drink: "drank", drive: "drove",
  speak: "spoke", fall: "fell", fly: "flew", forget: "forgot", break: "broke", choose: "chose", catch: "caught", is: "was",
  am: "was", are: "were", do: "did", does: "did", goes: "went", comes: "came", sees: "saw", buys: "bought", eats: "ate",
  takes: "took", makes: "made", gets: "got", has: "had", gives: "gave", finds: "found", tells: "told", says: "said",
};

const WHEN_PAST = "yesterday|last\\s+(?:night|week|weekend|month|year|summer|winter|spring|autumn|time|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:a|two|three|few|several|many)\\s+(?:days|weeks|months|years)\\s+ago";

/**
 * "Yesterday I go to school", "I buy it last week": a subject pronoun and an irregular verb in
 * the present tense in a sentence that says it happened in the past. Only the verb right after
 * the pronoun is changed, and only one of the common irregular verbs.
 */
export function pastTense(text: string): PlainLint[] {
  const out: PlainLint[] = [];
  for (const sentence of text.matchAll(/[^.!?]+[.!?]?/g)) {
    const s = sentence[0];
    if (!new RegExp(`\\b(?:${WHEN_PAST})\\b`, "i").test(s)) continue;
    // Reported or future speech ("I think he left yesterday", "I will go"): left alone.
    if (/\b(?:will|would|'ll|going to|tomorrow|next|every|usually|always|often|if|when|since|that)\b/i.test(s)) continue;
    const re = /\b(I|we|you|he|she|they)\s+(\p{L}+)\b/giu;
    const found = [...s.matchAll(re)];
    if (found.length !== 1) continue;
    const m = found[0]!;
    const verb = m[2]!;
    const past = PAST[verb.toLowerCase()];
    if (!past) continue;
    const start = sentence.index! + m.index! + m[0].length - verb.length;
    out.push({
      rule: "PastTense",
      start,
      end: start + verb.length,
      message: `This sentence is about the past: “${past}”.`,
      kind: "Grammar",
      suggestions: [{ kind: 0, text: past, distance: 1 }],
    });
  }
  return out;
}
