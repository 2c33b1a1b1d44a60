import { TONES, type ToneId } from "../../../shared/contracts/ai.js";
import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildTonePrompt(text: string, tone: ToneId, description?: string): ChatPrompt {
  const def = TONES.find((t) => t.id === tone)!;
  const note = description?.trim() ? `\n\n${dataBlock(description, "The writer's description of the tone")}` : "";
  return chat(
    `You are an expert editor. Adjust the tone of the user's text to be ${def.name.toLowerCase()} (${def.description.toLowerCase()}; ` +
      `for example: "${def.example}"). Keep the meaning, the facts and the language. ${OUTPUT_RULE}`,
    `Adjust the tone of this text.\n\n${dataBlock(text)}${note}`,
    budgetFor(text),
  );
}
