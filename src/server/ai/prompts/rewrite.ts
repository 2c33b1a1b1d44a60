import { REWRITE_STYLES, type RewriteStyleId } from "../../../shared/contracts/ai.js";
import { OUTPUT_RULE, budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

export function buildRewritePrompt(text: string, style: RewriteStyleId, extra?: string): ChatPrompt {
  const def = REWRITE_STYLES.find((s) => s.id === style)!;
  // The user's own extra wish is also data (a preference), never a change of role.
  const wish = extra?.trim() ? `\n\n${dataBlock(extra, "The writer's additional preference")}` : "";
  return chat(
    `You are an expert editor. ${def.prompt} Keep the meaning and the language of the original. ${OUTPUT_RULE}`,
    `Rewrite this text in the "${def.name}" style.\n\n${dataBlock(text)}${wish}`,
    budgetFor(text, style === "expand" ? 3 : 1.5),
  );
}
