import { describe, expect, it } from "vitest";
import { type TextEdit, wordChanges, wordEdits } from "./word-diff.js";

const apply = (text: string, edits: TextEdit[]) =>
  [...edits].reverse().reduce((out, e) => out.slice(0, e.start) + e.text + out.slice(e.end), text);

describe("wordEdits", () => {
  it("finds only the words that changed, and applying them gives the new text", () => {
    const before = "We has alot of very very good idea.\n\nTheir going.";
    const after = "We have a lot of very good idea.\n\nThey're going.";
    const edits = wordEdits(before, after)!;
    expect(apply(before, edits)).toBe(after);
    const replaced = edits.map((e) => before.slice(e.start, e.end)).join("|");
    for (const kept of ["We", "good", "idea", "going"]) expect(replaced).not.toContain(kept);
    expect(replaced).toContain("has");
    expect(replaced).toContain("Their");
    // The paragraph break is common to both, so no edit crosses it.
    expect(edits.every((e) => !before.slice(e.start, e.end).includes("\n"))).toBe(true);
  });

  it("reports nothing for equal texts and handles insertions at the ends", () => {
    expect(wordEdits("Same text.", "Same text.")).toEqual([]);
    const edits = wordEdits("middle", "start middle end")!;
    expect(apply("middle", edits)).toBe("start middle end");
  });

  it("compares a whole 50,000-character chapter edited throughout", () => {
    const words = ["the", "river", "ran", "past", "old", "mill", "where", "we", "used", "to", "sit"];
    const paragraphs = Array.from({ length: 170 }, (_, p) =>
      Array.from({ length: 70 }, (_, w) => words[(p * 7 + w) % words.length]).join(" ").concat("."),
    );
    const before = paragraphs.join("\n\n");
    expect(before.length).toBeGreaterThan(50_000);
    // Words upper-cased throughout, a sentence added to every tenth paragraph.
    const after = paragraphs
      .map((para, p) => (p % 10 === 0 ? `${para} An added sentence.` : para))
      .join("\n\n")
      .replace(/\b(\w+)\b/g, (w, _m, i: number) => (i % 7 === 0 ? w.toUpperCase() : w));
    const started = performance.now();
    const edits = wordEdits(before, after);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(edits).not.toBeNull();
    expect(apply(before, edits!)).toBe(after);
    const changes = wordChanges(before, after)!;
    expect(changes.filter((c) => c.kind === "same").map((c) => c.text).join("")).not.toContain("An added sentence");
    expect(changes.filter((c) => c.kind !== "removed").map((c) => c.text).join("")).toBe(after);
    expect(changes.filter((c) => c.kind !== "added").map((c) => c.text).join("")).toBe(before);
  });
});

describe("wordChanges", () => {
  it("marks the removed and added words, keeping the rest", () => {
    expect(wordChanges("The cat sat on the mat.", "The dog sat on a mat.")).toEqual([
      { kind: "same", text: "The " },
      { kind: "removed", text: "cat" },
      { kind: "added", text: "dog" },
      { kind: "same", text: " sat on " },
      { kind: "removed", text: "the" },
      { kind: "added", text: "a" },
      { kind: "same", text: " mat." },
    ]);
  });
});
