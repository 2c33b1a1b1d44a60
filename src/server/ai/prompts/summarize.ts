import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildSummarizePrompt(text: string): ChatPrompt {
  return chat(
    "You summarize documents. Write a faithful summary of the user's text in a few sentences (at most a third of its length), " +
      `using only information found in it. ${OUTPUT_RULE}`,
    `Summarize this text.\n\n${dataBlock(text)}`,
    budgetFor(text, 0.5, 128, 1024),
    0.3,
  );
}
