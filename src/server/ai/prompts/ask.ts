import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

/** Ask AI: the writer's own instruction applied to their text; the answer replaces the text. */
export function buildAskPrompt(text: string, instruction: string, context?: string): ChatPrompt {
  const ctx = context?.trim() ? `${dataBlock(context, "Surrounding document (for reference only, do not rewrite it)")}\n\n` : "";
  return chat(
    "You are a writing assistant inside a document editor. The writer selected a text and gives you an instruction for it. " +
      "Apply the instruction to the text and reply with the text that should replace it. Keep the language of the text unless " +
      "the instruction asks for another. Use Markdown only for structure the instruction asks for (such as a list) or the text already has. " +
      OUTPUT_RULE,
    `${ctx}${dataBlock(text)}\n\nThe writer's instruction: ${instruction}`,
    budgetFor(text, 2),
    0.5,
  );
}
