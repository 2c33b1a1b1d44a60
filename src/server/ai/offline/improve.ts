// Offline "improve": grammar and spelling fixes, then plainer, tighter wording and split run-on sentences.
import { correctGrammar } from "./grammar.js";
import { removePhrases, replacePhrases } from "./phrases.js";
import { splitLongSentences } from "./rewrite.js";
import { PLAIN_WORDS, WORDY } from "./rules.js";
import { tidy } from "./text.js";

export async function improveText(text: string): Promise<string> {
  const { correctedText } = await correctGrammar(text);
  const tightened = removePhrases(replacePhrases(replacePhrases(correctedText, WORDY), PLAIN_WORDS), [
    "basically",
    "actually",
    "literally",
    "really",
  ]);
  return tidy(splitLongSentences(tightened));
}
