// One builder per task (each in its own file); this index maps a task to its prompt.
import type { AiTask } from "../providers/types.js";
import { buildAlternativesPrompt } from "./alternatives.js";
import { buildAskPrompt } from "./ask.js";
import type { ChatPrompt } from "./common.js";
import { buildCompletePrompt } from "./complete.js";
import { buildGrammarPrompt } from "./grammar.js";
import { buildImprovePrompt } from "./improve.js";
import { buildOutlinePrompt } from "./outline.js";
import { buildRewritePrompt } from "./rewrite.js";
import { buildSummarizePrompt } from "./summarize.js";
import { buildTonePrompt } from "./tone.js";

export function promptFor(task: AiTask): ChatPrompt {
  switch (task.kind) {
    case "improve":
      return buildImprovePrompt(task.text);
    case "continue":
      return buildCompletePrompt(task.text, task.context);
    case "summary":
      return buildSummarizePrompt(task.text);
    case "outline":
      return buildOutlinePrompt(task.text);
    case "rewrite":
      return buildRewritePrompt(task.text, task.style, task.prompt);
    case "tone":
      return buildTonePrompt(task.text, task.tone, task.description);
    case "grammar":
      return buildGrammarPrompt(task.text);
    case "alternatives":
      return buildAlternativesPrompt(task.text, task.count);
    case "ask":
      return buildAskPrompt(task.text, task.instruction, task.context);
  }
}
