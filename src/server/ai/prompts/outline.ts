import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildOutlinePrompt(text: string): ChatPrompt {
  return chat(
    "You structure documents. Produce an outline of the user's text as a Markdown bulleted list (nested with two spaces), " +
      `one short point per main idea, in the order the text presents them, using only its content. ${OUTPUT_RULE}`,
    `Outline this text.\n\n${dataBlock(text)}`,
    budgetFor(text, 0.5, 128, 1024),
    0.3,
  );
}
