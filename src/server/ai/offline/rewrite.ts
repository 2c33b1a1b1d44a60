// Rule-based rewrites for each of the eight styles and six tones. Each style changes the
// text in its own recognisable way and only rearranges or rewords what is there: no new facts.
import type { RewriteStyleId, ToneId } from "../../../shared/contracts/ai.js";
import { removePhrases, replacePhrases } from "./phrases.js";
import {
  ACADEMIC_OPENERS,
  ACADEMIC_WORDS,
  CONFIDENT,
  CONTRACTIONS,
  EMPATHETIC,
  ENTHUSIASTIC,
  EXPANSIONS,
  FILLER,
  FORMAL_TO_CASUAL,
  HEDGES,
  PLAIN_WORDS,
  SLANG_TO_FORMAL,
  SPELLED_OUT,
  VIVID,
  WORDY,
} from "./rules.js";
import { rankSentences } from "./summarize.js";
import { capitalizeFirst, lowerFirst, splitSentences, tidy, words } from "./text.js";

/** Applies `fn` to each paragraph (line) so line structure survives. */
function perParagraph(text: string, fn: (p: string) => string): string {
  return text
    .split("\n")
    .map((line) => (line.trim() ? fn(line) : line))
    .join("\n");
}

const contract = (t: string) => replacePhrases(t, CONTRACTIONS, { beforeWord: true });
/**
 * Contractions written out. "it's" before a plural noun is most likely the possessive "its"
 * mistyped ("it's challenges"): writing it out as "it is challenges" would make it worse, so
 * it is left as it is.
 */
const expandContractions = (t: string) => {
  const kept: string[] = [];
  const masked = t.replace(/\b[Ii]t['’]s(?=\s+\p{Ll}+[^s\s]s\b)/gu, (m) => `\u0000${kept.push(m) - 1}\u0000`);
  return replacePhrases(masked, EXPANSIONS).replace(/\u0000(\d+)\u0000/g, (_m, i: string) => kept[Number(i)]!);
};
const dropExclamations = (t: string) => t.replace(/!+/g, ".").replace(/\?\./g, "?");
const fixLoneI = (t: string) => t.replace(/(?<![\p{L}'’])i(?=['’\s,.;:!?]|$)/gu, "I");
const dropEmoji = (t: string) => t.replace(/\p{Extended_Pictographic}\uFE0F?/gu, "");

const CONNECTIVE_START =
  /^(however|but|so|and|also|therefore|because|if|when|although|moreover|furthermore|in addition|beyond that|finally|first|second|then|thus|yet|or)\b/i;

/** Splits sentences over 20 words at a semicolon or a clause-joining conjunction. */
export function splitLongSentences(text: string): string {
  return perParagraph(text, (p) =>
    splitSentences(p)
      .map((s) => {
        if (words(s).length <= 20) return s;
        const m = /(;\s+|,\s+(and|but|so)\s+)/i.exec(s);
        if (!m) return s;
        const left = s.slice(0, m.index);
        const right = s.slice(m.index + m[0].length);
        if (words(left).length < 5 || words(right).length < 5) return s;
        const conj = m[2]?.toLowerCase();
        const lead = conj === "but" ? "But " : conj === "so" ? "So " : "";
        return `${left}. ${lead}${lead ? lowerFirst(right) : capitalizeFirst(right)}`;
      })
      .join(" "),
  );
}

function academicOpeners(text: string): string {
  return perParagraph(text, (p) =>
    splitSentences(p)
      .map((s) => {
        const m = /^(So,?|But|Also,?|And|Plus,)\s+/i.exec(s);
        if (!m) return s;
        const key = m[1]!.toLowerCase();
        const rep = ACADEMIC_OPENERS[key] ?? ACADEMIC_OPENERS[key.replace(",", "")];
        return rep ? `${rep} ${lowerFirst(s.slice(m[0].length))}` : s;
      })
      .join(" "),
  );
}

const EXPAND_CONNECTIVES = ["In addition,", "Moreover,", "Beyond that,", "Furthermore,"];

function expand(text: string): string {
  let out = replacePhrases(expandContractions(text), SPELLED_OUT);
  out = replacePhrases(out, { soon: "in the near future", often: "on many occasions", always: "at all times", many: "a great many" });
  let n = 0;
  out = perParagraph(out, (p) =>
    splitSentences(p)
      .map((s, i) => {
        if (i === 0 || CONNECTIVE_START.test(s)) return s;
        return `${EXPAND_CONNECTIVES[n++ % EXPAND_CONNECTIVES.length]} ${lowerFirst(s)}`;
      })
      .join(" "),
  );
  // Close a longer passage by restating its central sentence (the text's own words).
  const sentences = splitSentences(text);
  if (sentences.length >= 3) {
    const scores = rankSentences(sentences);
    const key = sentences[scores.indexOf(Math.max(...scores))]!;
    out = `${out}\n\nIn short, ${lowerFirst(key)}`;
  }
  return out;
}

const STYLE_RULES: Record<RewriteStyleId, (t: string) => string> = {
  clarity: (t) => splitLongSentences(replacePhrases(replacePhrases(t, WORDY), PLAIN_WORDS)),
  concise: (t) => removePhrases(replacePhrases(t, WORDY), [...FILLER, ...HEDGES.filter((h) => h !== "try to")]),
  expand,
  professional: (t) =>
    dropEmoji(dropExclamations(removePhrases(replacePhrases(expandContractions(fixLoneI(t)), SLANG_TO_FORMAL), ["totally", "literally", "really", "basically", "like,"]))),
  casual: (t) => contract(replacePhrases(t, FORMAL_TO_CASUAL)),
  persuasive: (t) => replacePhrases(removePhrases(t, HEDGES), CONFIDENT),
  academic: (t) => dropExclamations(academicOpeners(replacePhrases(expandContractions(replacePhrases(t, SLANG_TO_FORMAL)), ACADEMIC_WORDS))),
  creative: (t) => replacePhrases(t, VIVID).replace(/,\s+(but|and yet)\s+/gi, " — $1 "),
};

const FRIENDLY_WORDS = { Dear: "Hi", hello: "hi", "thank you": "thanks", greetings: "hi", "kind regards": "cheers", regards: "cheers" };

/** Formal words a friendly note says more simply (a subset of FORMAL_TO_CASUAL: no slang). */
const FORMAL_TO_FRIENDLY = Object.fromEntries(
  ["purchased", "assist", "assistance", "require", "requires", "obtain", "inquire", "regarding", "receive", "individuals", "however", "therefore"].map(
    (w) => [w, FORMAL_TO_CASUAL[w]!],
  ),
);

const TONE_RULES: Record<ToneId, (t: string) => string> = {
  professional: STYLE_RULES.professional,
  friendly: (t) => contract(replacePhrases(replacePhrases(replacePhrases(t, FRIENDLY_WORDS), PLAIN_WORDS), FORMAL_TO_FRIENDLY)),
  authoritative: (t) =>
    replacePhrases(replacePhrases(removePhrases(expandContractions(t), HEDGES), CONFIDENT), { should: "must", "we recommend": "we require" }),
  // Word choice only: with nothing to soften, the text comes back unchanged ("No changes suggested").
  empathetic: (t) => replacePhrases(t, EMPATHETIC),
  enthusiastic: (t) => {
    const out = contract(replacePhrases(t, ENTHUSIASTIC));
    return out.replace(/\.(\s*)$/, "!$1").replace(/([^.!?])\s*$/, "$1!");
  },
  informative: (t) => dropEmoji(dropExclamations(removePhrases(t, [...HEDGES, "amazing", "incredibly", "really", "very", "totally", "super"]))),
};

export function rewriteWithStyle(text: string, style: RewriteStyleId): string {
  return tidy(STYLE_RULES[style](text));
}

export function adjustTone(text: string, tone: ToneId): string {
  return tidy(TONE_RULES[tone](text));
}
