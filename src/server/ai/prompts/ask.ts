import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt, type DataBlock } from "./common.js";

/** Ask AI: the writer's own instruction applied to their text; the answer replaces the text. */
export function buildAskPrompt(text: string, instruction: string, context?: string): ChatPrompt {
  const data: DataBlock[] = context?.trim() ? [{ label: "Surrounding document (for reference only, do not rewrite it)", text: context }] : [];
  data.push({ label: "Text", text });
  return chat({
    system:
      "You are a writing assistant inside a document editor. The writer selected a text and gives you an instruction for it. " +
      "You apply the instruction to the text and reply with the text that should replace it. Keep the language of the text unless " +
      "the instruction asks for another. Use Markdown only for structure the instruction asks for (such as a list) or the text already has. " +
      OUTPUT_RULE,
    data,
    instruction: `The writer's instruction for the text: ${instruction}`,
    maxTokens: budgetFor(text, 2),
    temperature: 0.5,
  });
}
