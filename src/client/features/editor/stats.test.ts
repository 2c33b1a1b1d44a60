import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../shared/editor/schema";
import { computeDocStats, textStats } from "./stats";

const p = (text: string) => ({ type: "paragraph", content: text ? [{ type: "text", text }] : [] });
const doc = (...content: object[]) => documentSchema().nodeFromJSON({ type: "doc", content });

describe("document stats", () => {
  it("counts words across blocks, characters of text only, reading time ≥ 1", () => {
    const d = doc(p("Hello world."), { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Next" }] }, p(""));
    expect(computeDocStats(d)).toEqual({ words: 3, characters: 16, readingTime: 1 });
  });

  it("does not glue words of neighbouring list items", () => {
    const li = (t: string) => ({ type: "listItem", content: [p(t)] });
    expect(computeDocStats(doc({ type: "bulletList", content: [li("one"), li("two")] })).words).toBe(2);
  });

  it("reading time is words / 200 rounded up", () => {
    expect(computeDocStats(doc(p(Array(200).fill("w").join(" ")))).readingTime).toBe(1);
    expect(computeDocStats(doc(p(Array(201).fill("w").join(" ")))).readingTime).toBe(2);
    expect(computeDocStats(doc()).readingTime).toBe(1);
    expect(textStats("a b c")).toEqual({ words: 3, characters: 5, readingTime: 1 });
  });

  it("reuses counts of unchanged blocks (same totals after an edit elsewhere)", () => {
    const big = doc(...Array.from({ length: 2000 }, (_, i) => p(`paragraph ${i} has five words`)));
    expect(computeDocStats(big).words).toBe(10_000);
    const edited = big.copy(big.content.replaceChild(0, doc(p("just two")).child(0)));
    expect(computeDocStats(edited).words).toBe(9_997);
  });

  it("leaves out the words a pending suggestion would add and keeps those it would remove", () => {
    const mark = (type: string, id: string) => ({ type, attrs: { id } });
    const t = (text: string, marks: object[] = []) => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
    const d = doc(
      { type: "paragraph", content: [t("This is "), t("an", [mark("suggestionDelete", "1")]), t("a", [mark("suggestionInsert", "1")]), t(" test of the grammer.")] },
      { type: "paragraph", content: [t("A whole new sentence.", [mark("suggestionInsert", "2")])] },
    );
    const plain = doc(p("This is an test of the grammer."));
    expect(computeDocStats(d)).toEqual(computeDocStats(plain));
  });
});
