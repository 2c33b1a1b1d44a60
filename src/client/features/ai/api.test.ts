import { afterEach, describe, expect, it, vi } from "vitest";
import { markdownParser, plainTextParser } from "../../../shared/markdown/load-parser";
import { ApiError } from "../../lib/api";
import { aiStream, readAiEvents } from "./api";

// No session in these tests: the request goes without a bearer token.
vi.mock("../../lib/auth-client", () => ({ getAccessToken: async () => null }));

/** A response body that arrives in exactly these network chunks. */
function chunked(...chunks: string[]): ReadableStream<Uint8Array<ArrayBuffer>> {
  const bytes = chunks.map((c) => new TextEncoder().encode(c));
  return new ReadableStream({
    pull(controller) {
      const next = bytes.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function collect(body: ReadableStream<Uint8Array<ArrayBuffer>>) {
  const events: unknown[] = [];
  for await (const e of readAiEvents(body)) events.push(e);
  return events;
}

describe("readAiEvents", () => {
  it("reads an event split across two network chunks once both have arrived", async () => {
    const events = await collect(chunked('event: delta\ndata: {"type":"delta","text":"Hel"}\n\nevent: delta\ndata: {"type":"del', 'ta","text":"lo"}\n\n'));
    expect(events).toEqual([
      { type: "delta", text: "Hel" },
      { type: "delta", text: "lo" },
    ]);
  });

  it("reads events framed with CRLF, and with CR alone, as the SSE spec allows", async () => {
    const crlf = await collect(chunked('event: delta\r\ndata: {"type":"delta","text":"a"}\r\n\r\ndata: {"type":"delta","text":"b"}\r\n\r\n'));
    expect(crlf).toEqual([
      { type: "delta", text: "a" },
      { type: "delta", text: "b" },
    ]);
    // A lone CR at the very end could still be half of a CRLF, so the last event needs what follows it.
    const cr = await collect(chunked('data: {"type":"delta","text":"c"}\r\rdata: {"type":"delta","text":"d"}\r\r: end\r'));
    expect(cr).toEqual([
      { type: "delta", text: "c" },
      { type: "delta", text: "d" },
    ]);
  });

  it("reads a CRLF pair split between chunks as one line break", async () => {
    const events = await collect(chunked('data: {"type":"delta","text":"x"}\r', "\n\r", "\n"));
    expect(events).toEqual([{ type: "delta", text: "x" }]);
  });

  it("skips comments and keep-alive lines, and drops an unfinished event at the end", async () => {
    const events = await collect(chunked(': ping\n\ndata: {"type":"delta","text":"y"}\n\ndata: {"type":"delta","text":"cut'));
    expect(events).toEqual([{ type: "delta", text: "y" }]);
  });
});

describe("aiStream", () => {
  const sse = (...events: object[]) => events.map((e) => `event: x\ndata: ${JSON.stringify(e)}\n\n`).join("");
  const respond = (body: string) =>
    vi.stubGlobal("fetch", async () => new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } }));
  afterEach(() => vi.unstubAllGlobals());

  it("rejects a stream that ended in an error event, after its deltas, with the server's code: no answer to accept", async () => {
    respond(sse({ type: "delta", text: "The first half" }, { type: "error", error: "ai_timeout", message: "too slow, nothing was changed" }));
    const deltas: string[] = [];
    const err = await aiStream("improve", { text: "x" }, (d) => deltas.push(d)).catch((e: unknown) => e);
    expect(deltas).toEqual(["The first half"]);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 504, code: "ai_timeout", body: { message: "too slow, nothing was changed" } });
    respond(sse({ type: "delta", text: "Cut" }, { type: "error", error: "ai_incomplete", message: "cut short" }));
    await expect(aiStream("improve", { text: "x" }, () => {})).rejects.toMatchObject({ status: 502, code: "ai_incomplete" });
  });

  it("resolves with the done event of a CRLF-framed stream, after its deltas", async () => {
    const done = { type: "done", text: "Hello", engine: "offline", provider: null, model: null, usage: null };
    respond(sse({ type: "delta", text: "Hel" }, { type: "delta", text: "lo" }, done).replaceAll("\n", "\r\n"));
    const deltas: string[] = [];
    const result = await aiStream("improve", { text: "x" }, (d) => deltas.push(d));
    expect(deltas).toEqual(["Hel", "lo"]);
    expect(result).toMatchObject({ text: "Hello", engine: "offline" });
    // The answer is handed over with the Markdown parser ready to read it.
    expect(markdownParser()).not.toBe(plainTextParser);
  });

  it("rejects a stream that stops without done or error", async () => {
    respond(sse({ type: "delta", text: "Cut" }));
    await expect(aiStream("improve", { text: "x" }, () => {})).rejects.toBeInstanceOf(ApiError);
  });
});
