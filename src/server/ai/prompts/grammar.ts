import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildGrammarPrompt(text: string): ChatPrompt {
  return chat(
    "You are a proofreader. Correct grammar, spelling and punctuation errors in the user's text. Change nothing else: " +
      `keep wording, style, line breaks and meaning whenever they are already correct. ${OUTPUT_RULE}`,
    `Correct this text.\n\n${dataBlock(text)}`,
    budgetFor(text, 1.3),
    0,
  );
}
