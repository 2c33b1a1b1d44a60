import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ParagraphCache } from "./paragraph-cache";
import type { Problem } from "./types";

const problem = (original: string): Problem => ({
  start: 0,
  end: original.length,
  rule: "SpellCheck",
  kind: "Spelling",
  message: "",
  original,
  candidates: ["the"],
});

describe("the paragraph cache", () => {
  it("asks to check only paragraphs whose text it has not seen, each once", () => {
    const cache = new ParagraphCache();
    cache.set("Teh cat sat.", [problem("Teh")]);
    expect(cache.missing(["Teh cat sat.", "A new one.", "A new one.", "Another."])).toEqual(["A new one.", "Another."]);
    expect(cache.get("Teh cat sat.")).toEqual([problem("Teh")]);
  });

  it("drops the least recently used paragraph when full", () => {
    const cache = new ParagraphCache(2);
    cache.set("one", []);
    cache.set("two", []);
    cache.get("one");
    cache.set("three", []);
    expect(cache.missing(["one", "two", "three"])).toEqual(["two"]);
  });

  it("never holds more than its bound and always holds the last paragraph set", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 60 }), (max, texts) => {
        const cache = new ParagraphCache(max);
        for (const t of texts) {
          cache.set(t, []);
          expect(cache.size).toBeLessThanOrEqual(max);
          expect(cache.has(t)).toBe(true);
        }
      }),
    );
  });
});
