// A local HTTP server that speaks the OpenAI chat-completions wire format (JSON and SSE
// streaming with `data: {...}` / `data: [DONE]`), so tests and the benchmark exercise the
// real SDK and our streaming proxy without a network.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface StubRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  max_tokens?: number;
}

export interface StubOptions {
  /** The answer for a request (default: echoes the last user message's length). */
  reply?: (req: StubRequest) => string;
  /** How many SSE chunks the answer is cut into. */
  chunks?: number;
  /** Report usage in the last chunk (when asked). */
  usage?: boolean;
  /** Answer with this HTTP status and an error body instead. */
  failStatus?: number;
  /** Headers sent with `failStatus` (e.g. Retry-After). */
  failHeaders?: Record<string, string>;
  /** Close the connection without any answer (a network failure). */
  dropConnection?: boolean;
  /** Refuse (401) every request without `Authorization: Bearer <requireKey>`. */
  requireKey?: string;
  /** What GET /models lists (default: "stub-model"). */
  models?: string[];
  /** Answer GET /models with this status instead. */
  modelsStatus?: number;
  /** Never answer GET /models. */
  modelsHang?: boolean;
  /** Pause between SSE chunks, like a model producing tokens. */
  chunkDelayMs?: number;
  /** Never answer (for timeout tests). */
  hang?: boolean;
  /** Send this many chunks of the answer, then nothing more while the connection stays open (a model slower than the timeout). */
  stallAfter?: number;
  /** Close the connection after this many chunks, with no finish reason and no `[DONE]`. */
  cutAfter?: number;
  /** Finish the answer ("stop") but close without the closing `data: [DONE]`. */
  omitDone?: boolean;
  /** Answer a streaming request with one JSON body, as a server that ignores `stream` does. */
  jsonForStream?: boolean;
}

/**
 * Like a real model, an answer longer than `max_tokens` (at ~4 characters a token) is cut
 * there and finishes with "length".
 */
function capAnswer(text: string, maxTokens: number | undefined): { text: string; finish: "stop" | "length" } {
  if (!maxTokens || text.length <= maxTokens * 4) return { text, finish: "stop" };
  return { text: text.slice(0, maxTokens * 4), finish: "length" };
}

/** The request's delimiters, as its system prompt declares them (prompts/common.ts). */
export function delimitersOf(req: StubRequest): { open: string; close: string } {
  const tag = /<<<DOC-([0-9a-f]+)>>>/.exec(req.messages[0]?.content ?? "")?.[1] ?? "none";
  return { open: `<<<DOC-${tag}>>>`, close: `<<<END-DOC-${tag}>>>` };
}

/** The user's text from a prompt (its last data block), for stubs that echo it back. */
export function userText(req: StubRequest): string {
  const { open, close } = delimitersOf(req);
  const content = req.messages.at(-1)?.content ?? "";
  const end = content.lastIndexOf(`\n${close}`);
  const start = content.lastIndexOf(`${open}\n`, end);
  return start < 0 || end < 0 ? "" : content.slice(start + open.length + 1, end);
}

export interface OpenAiStub {
  url: string;
  requests: StubRequest[];
  /** The Authorization header of every request (chat and models), in order; undefined when absent. */
  authorization: Array<string | undefined>;
  /** How many GET /models requests arrived. */
  modelRequests: number;
  /** Requests whose connection closed before the answer was complete. */
  aborted: number;
  options: StubOptions;
  close(): Promise<void>;
}

function split(text: string, n: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / n));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export async function startOpenAiStub(options: StubOptions = {}): Promise<OpenAiStub> {
  const stub: OpenAiStub = { url: "", requests: [], authorization: [], modelRequests: 0, aborted: 0, options, close: async () => {} };
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", async () => {
      const o = stub.options;
      const isModels = req.method === "GET" && req.url?.endsWith("/models");
      if (!isModels && (req.method !== "POST" || !req.url?.endsWith("/chat/completions"))) {
        res.writeHead(404).end();
        return;
      }
      stub.authorization.push(req.headers.authorization);
      if (o.requireKey && req.headers.authorization !== `Bearer ${o.requireKey}`) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }));
        return;
      }
      if (isModels) {
        stub.modelRequests++;
        if (o.modelsHang) return;
        if (o.modelsStatus) {
          res.writeHead(o.modelsStatus, { "content-type": "application/json" });
          res.end(JSON.stringify({ error: { message: "stub failure" } }));
          return;
        }
        const ids = o.models ?? ["stub-model"];
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "library" })) }));
        return;
      }
      const body = JSON.parse(raw) as StubRequest;
      stub.requests.push(body);
      if (o.hang) {
        res.on("close", () => stub.aborted++);
        return;
      }
      if (o.dropConnection) {
        req.socket.destroy();
        return;
      }
      if (o.failStatus) {
        res.writeHead(o.failStatus, { "content-type": "application/json", ...o.failHeaders });
        res.end(JSON.stringify({ error: { message: "stub failure", type: "server_error" } }));
        return;
      }
      const full = (o.reply ?? ((r) => `Echo of ${r.messages.at(-1)?.content.length ?? 0} characters.`))(body);
      const { text, finish } = capAnswer(full, body.max_tokens);
      const usage = { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 };
      const base = { id: "chatcmpl-stub", object: "chat.completion.chunk", created: 0, model: body.model };
      if (!body.stream || o.jsonForStream) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            ...base,
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content: text }, finish_reason: finish }],
            usage: o.usage === false ? undefined : usage,
          }),
        );
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      let finished = false;
      res.on("close", () => {
        if (!finished) stub.aborted++;
      });
      const send = (obj: unknown) => res.write(`data: ${JSON.stringify(obj)}\n\n`);
      send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
      let sent = 0;
      for (const piece of split(text, o.chunks ?? 4)) {
        if (sent === o.stallAfter) return;
        if (sent === o.cutAfter) {
          finished = true;
          res.end();
          return;
        }
        if (o.chunkDelayMs) await new Promise((r) => setTimeout(r, o.chunkDelayMs));
        send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        sent++;
      }
      send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] });
      if (body.stream_options?.include_usage && o.usage !== false) send({ ...base, choices: [], usage });
      if (!o.omitDone) res.write("data: [DONE]\n\n");
      finished = true;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
