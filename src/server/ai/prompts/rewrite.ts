import { REWRITE_STYLES, type RewriteStyleId } from "../../../shared/contracts/ai.js";
import { OUTPUT_RULE, budgetFor, chat, type ChatPrompt } from "./common.js";

/** The chosen style, and the writer's own wish when they typed one, are the instruction. */
export function buildRewritePrompt(text: string, style: RewriteStyleId, extra?: string): ChatPrompt {
  const def = REWRITE_STYLES.find((s) => s.id === style)!;
  const wish = extra?.trim() ? `\nThe writer also asks: ${extra.trim()}` : "";
  return chat({
    system: `You are an expert editor. You rewrite the writer's text as they ask, keeping its meaning and its language. ${OUTPUT_RULE}`,
    data: [{ label: "Text", text }],
    instruction: `Rewrite the text above in the "${def.name}" style. ${def.prompt}${wish}`,
    maxTokens: budgetFor(text, style === "expand" ? 3 : 1.5),
  });
}
