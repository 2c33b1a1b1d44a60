import { OUTPUT_RULE, chat, type ChatPrompt, type DataBlock } from "./common.js";

/** The surrounding document, when there is one, comes first: the model reads up to the point it continues from. */
export function buildCompletePrompt(text: string, context?: string): ChatPrompt {
  const data: DataBlock[] = context?.trim() ? [{ label: "Surrounding document (for context only)", text: context }] : [];
  data.push({ label: "Text to continue", text });
  return chat({
    system:
      "You are a writing assistant. You continue the writer's text from exactly where it stops, in the same voice, tense and language, " +
      "for one to three sentences. Do not repeat the text and do not state facts the text or its document does not support. " +
      `Start with a space if the text ends a sentence. ${OUTPUT_RULE}`,
    data,
    instruction: "Write what comes right after the text to continue.",
    maxTokens: 200,
    temperature: 0.7,
  });
}
