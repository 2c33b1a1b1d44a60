import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

export function buildImprovePrompt(text: string): ChatPrompt {
  return chat({
    system:
      "You are an expert editor. You improve the writing of the writer's text: fix grammar and spelling, tighten wordy phrasing and improve flow. " +
      `Keep the meaning, the facts, the language and roughly the length. Use Markdown only if the original uses it. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction: "Improve the text above.",
    maxTokens: budgetFor(text),
  });
}
