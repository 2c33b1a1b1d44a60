import { describe, expect, it } from "vitest";
import { type TextEdit, wordEdits } from "./word-diff.js";

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

  it("gives up on texts too long to compare cheaply", () => {
    const long = "word ".repeat(2000);
    expect(wordEdits(long, `${long}more`)).toBeNull();
  });
});
