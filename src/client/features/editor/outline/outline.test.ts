import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { readOutline, sameOutline } from "./outline";

const p = (text: string) => ({ type: "paragraph", content: text ? [{ type: "text", text }] : [] });
const h = (level: number, text: string) => ({ type: "heading", attrs: { level }, content: text ? [{ type: "text", text }] : [] });
const doc = (...content: object[]) => documentSchema().nodeFromJSON({ type: "doc", content });

describe("outline", () => {
  it("lists the headings in order with their levels and where they start, leaving empty ones out", () => {
    const d = doc(h(1, "Rivers"), p("Intro."), h(2, "  The  Rhine "), p("Text."), h(2, ""), { type: "blockquote", content: [h(3, "Quoted")] });
    const outline = readOutline(d);
    expect(outline.map(({ level, text }) => [level, text])).toEqual([
      [1, "Rivers"],
      [2, "The Rhine"],
      [3, "Quoted"],
    ]);
    for (const e of outline) expect(d.nodeAt(e.pos)?.type.name).toBe("heading");
  });

  it("a document without headings has an empty outline", () => {
    expect(readOutline(doc(p("Just text.")))).toEqual([]);
  });

  it("tells a changed outline from the same one", () => {
    const a = readOutline(doc(h(1, "A"), h(2, "B")));
    expect(sameOutline(a, readOutline(doc(h(1, "A"), h(2, "B"))))).toBe(true);
    expect(sameOutline(a, readOutline(doc(h(1, "A"), h(3, "B"))))).toBe(false);
    expect(sameOutline(a, readOutline(doc(h(1, "A"), p("x"), h(2, "B"))))).toBe(false);
  });
});
