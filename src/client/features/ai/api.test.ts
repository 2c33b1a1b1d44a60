import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../lib/api";
import { aiStream, parseSseChunk } from "./api";

// No session in these tests: the request goes without a bearer token.
vi.mock("../../lib/auth-client", () => ({ getAccessToken: async () => null }));

describe("parseSseChunk", () => {
  it("reads complete events and keeps a partial one for the next chunk", () => {
    const first = parseSseChunk('event: delta\ndata: {"type":"delta","text":"Hel"}\n\nevent: delta\ndata: {"type":"del');
    expect(first.events).toEqual([{ type: "delta", text: "Hel" }]);
    const second = parseSseChunk(`${first.rest}ta","text":"lo"}\n\n`);
    expect(second.events).toEqual([{ type: "delta", text: "lo" }]);
    expect(second.rest).toBe("");
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

  it("rejects a stream that stops without done or error", async () => {
    respond(sse({ type: "delta", text: "Cut" }));
    await expect(aiStream("improve", { text: "x" }, () => {})).rejects.toBeInstanceOf(ApiError);
  });
});
