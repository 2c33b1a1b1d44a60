// Calls to /api/ai/*: JSON for most, server-sent events for the streaming variants.
import { EventSourceParserStream } from "eventsource-parser/stream";
import type { AiMeta, AiStreamEvent } from "../../../shared/contracts/ai";
import { loadMarkdownParser } from "../../../shared/markdown/load-parser";
import { ApiError, apiJson } from "../../lib/api";
import { getAccessToken } from "../../lib/auth-client";

// Answers are Markdown, which editor-text.ts turns into document nodes. The parser is loaded
// on first use (src/shared/markdown/load-parser.ts); loading it alongside the request, and
// resolving only when both are in, means it is there whenever an answer is.

export async function aiPost<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  const [answer] = await Promise.all([apiJson<T>("POST", `/api/ai/${path}`, body, { signal }), loadMarkdownParser()]);
  return answer;
}

export interface StreamResult extends AiMeta {
  text: string;
}

/**
 * Reads an SSE body as the AI events in its `data:` fields. eventsource-parser does the framing, so
 * any line ending the spec allows (LF, CRLF, CR) and events split across network chunks both work.
 */
export async function* readAiEvents(body: ReadableStream<Uint8Array<ArrayBuffer>>): AsyncGenerator<AiStreamEvent> {
  const reader = body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    if (value.data) yield JSON.parse(value.data) as AiStreamEvent;
  }
}

/**
 * POSTs to `/api/ai/{path}/stream` and calls `onDelta` with each piece as it arrives.
 * Refusals before the stream starts (401/402/413/429) throw ApiError like any JSON call.
 */
export async function aiStream(path: string, body: unknown, onDelta: (text: string) => void, signal?: AbortSignal): Promise<StreamResult> {
  const parserLoaded = loadMarkdownParser();
  const token = await getAccessToken();
  const res = await fetch(`/api/ai/${path}/stream`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    credentials: "include",
    signal,
  });
  if (!res.ok || !res.body) {
    const raw = await res.text().catch(() => "");
    let parsed: Record<string, unknown> | null = null;
    try {
      parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    } catch {
      parsed = null;
    }
    throw new ApiError(res.status, raw || res.statusText, parsed);
  }
  for await (const e of readAiEvents(res.body)) {
    if (e.type === "delta") onDelta(e.text);
    else if (e.type === "done") {
      await parserLoaded;
      return { text: e.text, engine: e.engine, provider: e.provider, model: e.model, usage: e.usage };
    }
    // The answer failed after the stream opened (cut short, empty, too slow): nothing to accept.
    else throw new ApiError(e.error === "ai_timeout" ? 504 : 502, e.message, { error: e.error, message: e.message });
  }
  throw new ApiError(502, "The AI response ended early.", { message: "The AI response ended early." });
}
