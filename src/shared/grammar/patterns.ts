// Punctuation checks harper does not make, each a narrow pattern applied only where it is
// nearly always right: a comma after a word or phrase that opens a sentence and links it to
// the one before ("Secondly the place…" → "Secondly, the place…").
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
