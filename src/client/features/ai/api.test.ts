import { describe, expect, it } from "vitest";
import { parseSseChunk } from "./api";

describe("parseSseChunk", () => {
  it("reads complete events and keeps a partial one for the next chunk", () => {
    const first = parseSseChunk('event: delta\ndata: {"type":"delta","text":"Hel"}\n\nevent: delta\ndata: {"type":"del');
    expect(first.events).toEqual([{ type: "delta", text: "Hel" }]);
    const second = parseSseChunk(`${first.rest}ta","text":"lo"}\n\n`);
    expect(second.events).toEqual([{ type: "delta", text: "lo" }]);
    expect(second.rest).toBe("");
  });
});
