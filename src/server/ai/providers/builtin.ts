// The built-in engine: harper.js for grammar, extractive summaries, rule-based rewrites.
// Runs in-process and never calls out. Its answers are streamed word by word to keep the
// streaming endpoints' behaviour the same whichever engine answers. What it cannot do
// honestly (writing new text, following free instructions) answers 409 model_required; a
// rewrite that changes nothing or adds a problem the checker finds returns the text unchanged.
import { alternativesFor } from "../offline/alternatives.js";
import { correctGrammar } from "../offline/grammar.js";
import { improveText } from "../offline/improve.js";
import { modelRequired } from "../offline/model-required.js";
import { noWorse, noWorseAll } from "../offline/no-worse.js";
import { adjustTone, rewriteWithStyle } from "../offline/rewrite.js";
import { extractiveOutline, extractiveSummary } from "../offline/summarize.js";
import { estimateTokens } from "../tokens.js";
import type { AiProvider, AiResult, AiRunOptions, AiTask } from "./types.js";

async function answer(task: AiTask): Promise<Omit<AiResult, "tokens">> {
  switch (task.kind) {
    case "improve":
      return { text: await noWorse(task.text, await improveText(task.text)) };
    case "continue":
      throw modelRequired("Continue writing");
    case "summary":
      return { text: extractiveSummary(task.text) };
    case "outline":
      return { text: extractiveOutline(task.text) };
    case "rewrite":
      if (task.prompt?.trim()) throw modelRequired("Rewriting with your own instructions");
      // Spelling ideas out in more detail is writing new text.
      if (task.style === "expand") throw modelRequired("Expand");
      return { text: await noWorse(task.text, rewriteWithStyle(task.text, task.style)) };
    case "tone":
      if (task.description?.trim()) throw modelRequired("A tone you describe");
      return { text: await noWorse(task.text, adjustTone(task.text, task.tone)) };
    case "grammar": {
      const r = await correctGrammar(task.text);
      return { text: r.correctedText, changes: r.changes };
    }
    case "alternatives": {
      const alternatives = (await noWorseAll(task.text, alternativesFor(task.text, 8))).slice(0, task.count);
      return { text: alternatives.join("\n"), alternatives };
    }
    case "ask":
      throw modelRequired("Ask AI");
  }
}

export function createOfflineProvider(): AiProvider {
  return {
    engine: "offline",
    name: "offline",
    model: "draftsmith-offline-1",
    tokenCap(task) {
      const input = estimateTokens(task.text);
      const factor = task.kind === "alternatives" || (task.kind === "rewrite" && task.style === "expand") ? 6 : 3;
      return input * factor + 64;
    },
    async run(task, opts: AiRunOptions) {
      opts.signal.throwIfAborted();
      const result = await answer(task);
      opts.signal.throwIfAborted();
      if (opts.onDelta) for (const piece of result.text.match(/\s*\S+/g) ?? []) opts.onDelta(piece);
      return { ...result, tokens: estimateTokens(task.text) + estimateTokens(result.text) };
    },
  };
}
