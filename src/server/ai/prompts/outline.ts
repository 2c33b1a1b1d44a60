import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

export function buildOutlinePrompt(text: string): ChatPrompt {
  return chat({
    system:
      "You structure documents. You produce an outline of the writer's text as a Markdown bulleted list (nested with two spaces), " +
      `one short point per main idea, in the order the text presents them, using only its content. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction: "Outline the text above.",
    maxTokens: budgetFor(text, 0.5, 128, 1024),
    temperature: 0.3,
  });
}
