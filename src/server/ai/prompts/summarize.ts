import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

export function buildSummarizePrompt(text: string): ChatPrompt {
  return chat({
    system:
      "You summarize documents. You write a faithful summary of the writer's text in a few sentences (at most a third of its length), " +
      `using only information found in it, in the text's language. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction: "Summarize the text above.",
    maxTokens: budgetFor(text, 0.5, 128, 1024),
    temperature: 0.3,
  });
}
