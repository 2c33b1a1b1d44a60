// Any OpenAI-compatible chat-completions API (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp,
// LM Studio) through the official SDK. Always streams, so the first words reach the browser
// as soon as the model produces them; usage comes from the final chunk (include_usage) or,
// when a server omits it, from a token estimate.
//
// An answer is used only when it is whole: a finish reason of "stop" and the closing
// `[DONE]`, within AI_TIMEOUT_MS, with some text. Anything else is an error (answer-errors.ts),
// because a cut-short answer accepted over a selection deletes the rest of the user's text.
// Long texts go in several calls over groups of paragraphs (split.ts) and are joined in order.
import type { Dispatcher } from "undici";
import OpenAI from "openai";
import { AppError } from "../../http/errors.js";
import { diffChanges } from "../offline/diff.js";
import { parseAlternatives } from "../prompts/alternatives.js";
import type { ChatPrompt } from "../prompts/common.js";
import { promptFor } from "../prompts/index.js";
import { partsOf } from "../split.js";
import { estimateTokens } from "../tokens.js";
import { aiEmpty, aiIncomplete, aiTimeout } from "./answer-errors.js";
import { fetchNotRetryingBusy } from "./busy-no-retry.js";
import { cachedCheck, probeModelServer } from "./probe.js";
import { fetchWatchingStreamEnd, sawDone } from "./stream-end.js";
import { MarkerStripper } from "./strip-markers.js";
import type { AiProvider, AiResult, AiRunOptions, AiTask } from "./types.js";
import { type UpstreamLog, upstreamError } from "./upstream-errors.js";

/** What one OpenAI-compatible model server needs; the server's own or a user's connection. */
export interface OpenAiCompatibleConfig {
  /** The provider's name in answers and health ("openai", "deepseek", "custom"); default "custom". */
  name?: string;
  /** The API root, e.g. http://127.0.0.1:11434/v1; absent: OpenAI's. */
  baseURL?: string;
  /** Absent or empty: no Authorization header is sent (local servers such as Ollama need none). */
  apiKey?: string;
  model: string;
  /** Deadline for one whole answer. */
  timeoutMs: number;
  /** The server's provider (default) or a user's own connection: who is told to fix a refused key. */
  owner?: "server" | "user";
  /** Where a refused key is reported (error level for the server's provider). */
  log?: UpstreamLog;
  /** The HTTP agent for the calls (a user's connection: one that connects to public addresses only). */
  dispatcher?: Dispatcher;
}

/** Text up to its last sentence end (or, without one, its last whole word). */
function wholeSentences(text: string): string {
  const end = Math.max(...[".", "!", "?", "…"].map((c) => text.lastIndexOf(c)));
  if (end > 0) return text.slice(0, end + 1);
  return text.replace(/\S*$/, "");
}

const promptTokens = (prompt: ChatPrompt) => prompt.messages.reduce((n, m) => n + estimateTokens(m.content) + 4, 0);

export function createOpenAiProvider(cfg: OpenAiCompatibleConfig): AiProvider {
  const client = new OpenAI({
    // The SDK insists on a key; without one it is a placeholder and the header is dropped.
    apiKey: cfg.apiKey || "none",
    defaultHeaders: cfg.apiKey ? undefined : { Authorization: null },
    baseURL: cfg.baseURL,
    timeout: cfg.timeoutMs,
    maxRetries: 1,
    fetch: fetchWatchingStreamEnd(fetchNotRetryingBusy()),
    // A user's connection was checked for where it points (ai/connections/url-guard.ts); a
    // redirect could lead the server somewhere never checked, so it is not followed.
    ...(cfg.owner === "user" ? { fetchOptions: { redirect: "error" as const, ...(cfg.dispatcher ? { dispatcher: cfg.dispatcher } : {}) } } : {}),
  });

  /** One upstream call; resolves only with a whole, non-empty answer. */
  async function ask(task: AiTask, signal: AbortSignal, onDelta: (piece: string) => void): Promise<{ text: string; tokens: number }> {
    const prompt = promptFor(task);
    // A continuation keeps its leading space; every other answer is trimmed. Echoed delimiters go.
    const answer = new MarkerStripper(prompt.markers, task.kind === "continue");
    let raw = "";
    let usage: { total_tokens?: number } | null | undefined;
    let finish: string | null = null;
    const { data: stream, response } = await client.chat.completions
      .create(
        {
          model: cfg.model,
          messages: prompt.messages,
          max_tokens: prompt.maxTokens,
          temperature: prompt.temperature,
          stream: true,
          stream_options: { include_usage: true },
        },
        { signal },
      )
      .withResponse();
    // A server that ignores `stream` answers with one JSON body, which the SDK reads as no chunks.
    if (!response.headers.get("content-type")?.includes("text/event-stream")) throw aiIncomplete("not_streamed");
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      const delta = choice?.delta?.content ?? "";
      if (delta) {
        raw += delta;
        const piece = answer.push(delta);
        if (piece) onDelta(piece);
      }
      if (choice?.finish_reason) finish = choice.finish_reason;
      if (chunk.usage) usage = chunk.usage;
    }
    // The SDK ends the loop quietly when the signal fires (our deadline or the browser leaving).
    signal.throwIfAborted();
    if (finish === "length" && task.kind !== "continue") throw aiIncomplete("length");
    if (finish === "content_filter") throw aiIncomplete("filtered");
    if (!finish || !sawDone(response)) throw aiIncomplete("no_finish");
    const last = answer.end();
    if (last) onDelta(last);
    // A continuation is inserted, never written over the user's text, and its short budget
    // (prompts/complete.ts) is meant to stop it: keep its complete sentences.
    const text = finish === "length" ? wholeSentences(answer.text) : answer.text;
    if (!text.trim()) throw aiEmpty();
    return { text, tokens: usage?.total_tokens ?? promptTokens(prompt) + estimateTokens(raw) };
  }

  const { baseURL, apiKey, model } = cfg;
  const health = cachedCheck(() => probeModelServer({ baseURL, apiKey, model, timeoutMs: Math.min(3000, cfg.timeoutMs) }));

  return {
    engine: "openai-compatible",
    name: cfg.name ?? "custom",
    model: cfg.model,
    health,
    tokenCap(task) {
      return partsOf(task).reduce((n, p) => {
        const prompt = promptFor(p.task);
        return n + promptTokens(prompt) + prompt.maxTokens;
      }, 0);
    },
    async run(task, opts: AiRunOptions): Promise<AiResult> {
      // One deadline for the whole answer (every part), not only for the first byte.
      const deadline = AbortSignal.timeout(cfg.timeoutMs);
      const signal = AbortSignal.any([opts.signal, deadline]);
      // Alternatives are parsed from the whole answer and sent at once.
      const onDelta = (piece: string) => {
        if (task.kind !== "alternatives") opts.onDelta?.(piece);
      };
      let text = "";
      let tokens = 0;
      try {
        for (const part of partsOf(task)) {
          const answer = await ask(part.task, signal, onDelta);
          text += answer.text + part.after;
          tokens += answer.tokens;
          if (part.after) onDelta(part.after);
        }
      } catch (err) {
        if (opts.signal.aborted) throw err;
        // Our whole-answer deadline and the SDK's per-attempt timeout both mean "too slow".
        if (deadline.aborted || err instanceof OpenAI.APIConnectionTimeoutError) throw aiTimeout();
        if (err instanceof AppError) throw err;
        throw upstreamError(err, { ...cfg, name: cfg.name ?? "custom" });
      }
      if (task.kind === "grammar") return { text, changes: diffChanges(task.text, text), tokens };
      if (task.kind === "alternatives") {
        const alternatives = parseAlternatives(text, task.count);
        if (!alternatives.length) throw aiEmpty();
        opts.onDelta?.(alternatives.join("\n"));
        return { text: alternatives.join("\n"), alternatives, tokens };
      }
      return { text, tokens };
    },
  };
}
