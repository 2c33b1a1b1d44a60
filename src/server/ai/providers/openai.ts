// Any OpenAI-compatible chat-completions API (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp,
// LM Studio) through the official SDK. Always streams, so the first words reach the browser
// as soon as the model produces them; usage comes from the final chunk (include_usage) or,
// when a server omits it, from a token estimate.
import OpenAI from "openai";
import { AppError } from "../../http/errors.js";
import { diffChanges } from "../offline/diff.js";
import { parseAlternatives } from "../prompts/alternatives.js";
import { promptFor } from "../prompts/index.js";
import { estimateTokens } from "../tokens.js";
import type { AiProvider, AiResult, AiRunOptions, AiTask } from "./types.js";

export interface OpenAiCompatibleConfig {
  name: string;
  baseURL?: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

function cleanAnswer(task: AiTask, raw: string): string {
  const text = raw.replaceAll("<<<USER_TEXT", "").replaceAll("USER_TEXT>>>", "");
  // A continuation keeps its leading space; everything else is trimmed.
  return task.kind === "continue" ? text.replace(/\s+$/, "") : text.trim();
}

export function createOpenAiProvider(cfg: OpenAiCompatibleConfig): AiProvider {
  const client = new OpenAI({ apiKey: cfg.apiKey, baseURL: cfg.baseURL, timeout: cfg.timeoutMs, maxRetries: 1 });
  return {
    engine: "openai-compatible",
    name: cfg.name,
    model: cfg.model,
    tokenCap(task) {
      const prompt = promptFor(task);
      return prompt.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0) + prompt.maxTokens;
    },
    async run(task, opts: AiRunOptions): Promise<AiResult> {
      const prompt = promptFor(task);
      // One deadline for the whole answer, not only for the first byte.
      const signal = AbortSignal.any([opts.signal, AbortSignal.timeout(cfg.timeoutMs)]);
      let raw = "";
      let usage: { total_tokens?: number } | null | undefined;
      try {
        const stream = await client.chat.completions.create(
          {
            model: cfg.model,
            messages: prompt.messages,
            max_tokens: prompt.maxTokens,
            temperature: prompt.temperature,
            stream: true,
            stream_options: { include_usage: true },
          },
          { signal },
        );
        for await (const chunk of stream) {
          const delta = chunk.choices[0]?.delta?.content ?? "";
          if (delta) {
            // Leading whitespace of a non-continuation answer would otherwise stream through.
            const piece = raw === "" && task.kind !== "continue" ? delta.replace(/^\s+/, "") : delta;
            raw += delta;
            if (piece && task.kind !== "alternatives") opts.onDelta?.(piece);
          }
          if (chunk.usage) usage = chunk.usage;
        }
      } catch (err) {
        if (opts.signal.aborted) throw err;
        // Our whole-answer deadline and the SDK's per-attempt timeout both mean "too slow".
        if (signal.aborted || err instanceof OpenAI.APIConnectionTimeoutError) {
          throw new AppError(504, "bad_gateway", "The AI provider did not answer in time. Please try again.");
        }
        const status = err instanceof OpenAI.APIError ? err.status : undefined;
        throw new AppError(502, "bad_gateway", `The AI provider failed${status ? ` (${status})` : ""}. Please try again.`);
      }
      const text = cleanAnswer(task, raw);
      const tokens =
        usage?.total_tokens ?? prompt.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0) + estimateTokens(raw);
      if (task.kind === "grammar") return { text, changes: diffChanges(task.text, text), tokens };
      if (task.kind === "alternatives") {
        const alternatives = parseAlternatives(text, task.count);
        opts.onDelta?.(alternatives.join("\n"));
        return { text: alternatives.join("\n"), alternatives, tokens };
      }
      return { text, tokens };
    },
  };
}
