// Line wrapping in the PDF export, checked on the files themselves (see pdf-wrap.test-util.ts):
// no two words' boxes overlap, and every word of the document is read back once, in order.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FIXTURES, HYPHENATED, type PageSize, aligned, check, doc, li, p, quote, sized, t, ul } from "./pdf-wrap.test-util.js";

describe("PDF export line wrapping", () => {
  it("reproduces the issue's figure: the twelve hyphenated sentences come out with no overlapping words", async () => {
    const result = await check(doc(p(t(HYPHENATED))), "Issue 31");
    expect(result.overlaps).toEqual([]);
    expect(result.order).toBe("");
  });

  it.each(FIXTURES.map((f) => [f.name, f] as const))("%s: no two words overlap and every word comes out once, in order", { timeout: 60_000 }, async (_, fixture) => {
    for (const pageSize of fixture.pageSize ? [fixture.pageSize] : (["a4", "letter"] as const)) {
      const result = await check(fixture.doc, fixture.title ?? fixture.name, pageSize);
      expect(result.overlaps, pageSize).toEqual([]);
      expect(result.order, pageSize).toBe("");
      expect(result.words).toBeGreaterThan(10);
    }
  });

  it("holds for generated paragraphs of hyphenated, long and short words at any size, alignment and depth", { timeout: 60_000 }, async () => {
    const letters = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzäöüßøłčñ".split(""), "ж", "λ", "W", "i", "1", ".", ",");
    const part = fc.string({ unit: letters, minLength: 1, maxLength: 12 });
    const word = fc.oneof(
      { weight: 5, arbitrary: part },
      { weight: 4, arbitrary: fc.array(part, { minLength: 2, maxLength: 5 }).map((parts) => parts.join("-")) },
      { weight: 1, arbitrary: fc.integer({ min: 40, max: 400 }).chain((n) => fc.string({ unit: letters, minLength: n, maxLength: n })) },
      { weight: 1, arbitrary: fc.array(part, { minLength: 8, maxLength: 40 }).map((parts) => parts.join("-")) },
    );
    const paragraph = fc.record({
      words: fc.array(word, { minLength: 1, maxLength: 80 }),
      size: fc.constantFrom("8pt", "11pt", "15pt", "24pt", "40pt", "72pt", "96pt"),
      serif: fc.boolean(),
      align: fc.constantFrom("left", "center", "right", "justify"),
    });
    const shape = fc.record({
      paragraphs: fc.array(paragraph, { minLength: 1, maxLength: 3 }),
      depth: fc.integer({ min: 0, max: 10 }),
      container: fc.constantFrom("quote", "list"),
      pageSize: fc.constantFrom<PageSize>("a4", "letter"),
    });
    await fc.assert(
      fc.asyncProperty(shape, async ({ paragraphs, depth, container, pageSize }) => {
        let blocks = paragraphs.map((g) => aligned(g.align, t(g.words.join(" "), sized(g.size, g.serif ? "Georgia" : undefined))));
        for (let k = 0; k < depth; k++) blocks = [container === "quote" ? quote(...blocks) : ul(li(...blocks))];
        const result = await check(doc(...blocks), "Generated", pageSize);
        expect(result.overlaps).toEqual([]);
        expect(result.order).toBe("");
      }),
      { numRuns: 40 },
    );
  });
});
