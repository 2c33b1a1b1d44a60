import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

export function buildGrammarPrompt(text: string): ChatPrompt {
  return chat({
    system:
      "You are a proofreader. You correct grammar, spelling and punctuation errors in the writer's text and change nothing else: " +
      `keep wording, style, symbols, line breaks and meaning whenever they are already correct. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction: "Correct the text above.",
    maxTokens: budgetFor(text, 1.3),
    temperature: 0,
  });
}
