import { OUTPUT_RULE, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildCompletePrompt(text: string, context?: string): ChatPrompt {
  const ctx = context?.trim() ? `\n\n${dataBlock(context, "Surrounding document (for context only)")}` : "";
  return chat(
    "You are a writing assistant. Continue the user's text from exactly where it stops, in the same voice, tense and language, " +
      "for one to three sentences. Do not repeat the text and do not state facts the text does not support. " +
      `Start with a space if the text ends a sentence. ${OUTPUT_RULE}`,
    `Continue this text.\n\n${dataBlock(text)}${ctx}`,
    200,
    0.7,
  );
}
