import { describe, expect, it } from "vitest";
import type { DocNode } from "../../../shared/editor/schema";
import { type DiffNode, diffVersions, type InlinePiece } from "./version-diff";

const text = (t: string, marks?: DocNode["marks"]): DocNode => ({ type: "text", text: t, ...(marks ? { marks } : {}) });
const p = (...content: (string | DocNode)[]): DocNode => ({ type: "paragraph", content: content.map((c) => (typeof c === "string" ? text(c) : c)) });
const h = (level: number, t: string): DocNode => ({ type: "heading", attrs: { level }, content: [text(t)] });
const ul = (...items: string[]): DocNode => ({ type: "bulletList", content: items.map((t) => ({ type: "listItem", content: [p(t)] })) });
const doc = (...content: DocNode[]): DocNode => ({ type: "doc", content });
const version = (content: DocNode, title = "Story") => ({ title, content });

/** Pieces written as "=same", "+added", "-removed". */
const marked = (pieces: InlinePiece[]) => pieces.map((x) => `${x.change === "same" ? "=" : x.change === "added" ? "+" : "-"}${x.text}`);
const leaves = (node: DiffNode): { type: string; change: string; pieces: string[] }[] =>
  node.kind === "leaf" ? [{ type: node.type, change: node.change, pieces: marked(node.pieces) }] : node.children.flatMap(leaves);

describe("diffVersions", () => {
  it("marks the words added and removed inside a changed paragraph, keeping the others", () => {
    const d = diffVersions(version(doc(p("The quick brown fox."))), version(doc(p("The slow brown fox jumps."))));
    expect(leaves(d.doc)).toEqual([{ type: "paragraph", change: "changed", pieces: ["=The ", "-quick", "+slow", "= brown fox", "+ jumps", "=."] }]);
    expect([d.wordsAdded, d.wordsRemoved]).toEqual([2, 1]);
  });

  it("compares the text without pending suggestions: a suggested replacement is not yet a change, nor one run-together word", () => {
    const by = (type: string) => [{ type, attrs: { id: "s1", group: "s1", author: null, authorName: "Cora", createdAt: null } }];
    const older = version(doc(p("The roses are crimson today.")));
    const newer = version(doc(p("The roses are ", text("crimson", by("suggestionDelete")), text("scarlet", by("suggestionInsert")), " today and tall.")));
    const d = diffVersions(older, newer);
    expect(leaves(d.doc)).toEqual([{ type: "paragraph", change: "changed", pieces: ["=The roses are crimson today", "+ and tall", "=."] }]);
    expect([d.wordsAdded, d.wordsRemoved]).toEqual([2, 0]);
  });

  it("keeps headings and lists as they are, and unchanged blocks unmarked", () => {
    const d = diffVersions(version(doc(h(2, "Plan"), ul("one", "two"))), version(doc(h(2, "Plan"), ul("one", "two", "three"))));
    expect(d.doc.children.map((c) => c.type)).toEqual(["heading", "bulletList"]);
    expect(leaves(d.doc)).toEqual([
      { type: "heading", change: "same", pieces: ["=Plan"] },
      { type: "paragraph", change: "same", pieces: ["=one"] },
      { type: "paragraph", change: "same", pieces: ["=two"] },
      { type: "paragraph", change: "added", pieces: ["+three"] },
    ]);
    expect([d.wordsAdded, d.wordsRemoved]).toEqual([1, 0]);
  });

  it("shows a removed paragraph where it stood, and a new one as added rather than paired with an unlike one", () => {
    const older = doc(p("Opening line."), p("A paragraph about the weather that goes."), p("Closing line."));
    const newer = doc(p("Opening line."), p("Something entirely different here."), p("Closing line."));
    expect(leaves(diffVersions(version(older), version(newer)).doc)).toEqual([
      { type: "paragraph", change: "same", pieces: ["=Opening line."] },
      { type: "paragraph", change: "removed", pieces: ["-A paragraph about the weather that goes."] },
      { type: "paragraph", change: "added", pieces: ["+Something entirely different here."] },
      { type: "paragraph", change: "same", pieces: ["=Closing line."] },
    ]);
    // Removed at the end: after the last block.
    expect(leaves(diffVersions(version(doc(p("Kept."), p("Dropped."))), version(doc(p("Kept.")))).doc)).toEqual([
      { type: "paragraph", change: "same", pieces: ["=Kept."] },
      { type: "paragraph", change: "removed", pieces: ["-Dropped."] },
    ]);
  });

  it("pairs an edited paragraph with its older self when a new paragraph comes before it", () => {
    const older = doc(p("First paragraph stays."), p("Second paragraph was edited slightly."));
    const newer = doc(p("First paragraph stays."), p("Brand new text."), p("Second paragraph was edited a lot."));
    expect(leaves(diffVersions(version(older), version(newer)).doc)).toEqual([
      { type: "paragraph", change: "same", pieces: ["=First paragraph stays."] },
      { type: "paragraph", change: "added", pieces: ["+Brand new text."] },
      { type: "paragraph", change: "changed", pieces: ["=Second paragraph was edited ", "-slightly", "+a lot", "=."] },
    ]);
  });

  it("keeps bold and links on kept, added and removed words", () => {
    const bold = [{ type: "bold" }];
    const older = doc(p("Say ", text("hello", bold), " now"));
    const newer = doc(p("Say ", text("goodbye", bold), " now"));
    const [leaf] = diffVersions(version(older), version(newer)).doc.children;
    expect(leaf!.kind === "leaf" && leaf!.pieces).toEqual([
      { text: "Say ", marks: [], change: "same" },
      { text: "hello", marks: bold, change: "removed" },
      { text: "goodbye", marks: bold, change: "added" },
      { text: " now", marks: [], change: "same" },
    ]);
  });

  it("keeps line breaks as breaks, and marks the title's changes", () => {
    const older = { type: "paragraph", content: [text("one"), { type: "hardBreak" }, text("two")] };
    const newer = { type: "paragraph", content: [text("one"), { type: "hardBreak" }, text("three")] };
    const d = diffVersions(version(doc(older), "Old title"), version(doc(newer), "New title"));
    const [leaf] = d.doc.children;
    expect(leaf!.kind === "leaf" && leaf!.pieces.find((x) => x.lineBreak)).toMatchObject({ text: "\n", change: "same" });
    expect(marked(d.title)).toEqual(["-Old", "+New", "= title"]);
  });

  it("shows the oldest version unmarked", () => {
    const d = diffVersions(null, version(doc(p("Only version."))));
    expect(leaves(d.doc)).toEqual([{ type: "paragraph", change: "same", pieces: ["=Only version."] }]);
    expect(marked(d.title)).toEqual(["=Story"]);
    expect([d.wordsAdded, d.wordsRemoved]).toEqual([0, 0]);
  });
});
