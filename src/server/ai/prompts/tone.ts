import { TONES, type ToneId } from "../../../shared/contracts/ai.js";
import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

/** The chosen tone, and the writer's own description of it when they typed one, are the instruction. */
export function buildTonePrompt(text: string, tone: ToneId, description?: string): ChatPrompt {
  const def = TONES.find((t) => t.id === tone)!;
  const note = description?.trim() ? `\nThe writer describes the tone they want: ${description.trim()}` : "";
  return chat({
    system: `You are an expert editor. You adjust the tone of the writer's text as they ask, keeping its meaning, its facts and its language. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction:
      `Adjust the tone of the text above to be ${def.name.toLowerCase()} (${def.description.toLowerCase()}; ` +
      `for example: "${def.example}").${note}`,
    maxTokens: budgetFor(text),
  });
}
