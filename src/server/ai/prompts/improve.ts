import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildImprovePrompt(text: string): ChatPrompt {
  return chat(
    "You are an expert editor. Improve the writing of the user's text: fix grammar and spelling, tighten wordy phrasing and improve flow. " +
      `Keep the meaning, the facts, the language and roughly the length. Use Markdown only if the original uses it. ${OUTPUT_RULE}`,
    `Improve this text.\n\n${dataBlock(text)}`,
    budgetFor(text),
  );
}
