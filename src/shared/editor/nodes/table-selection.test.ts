// A cell selection after a co-editor's change: y-tiptap puts the selection back as a text
// selection between the old selection's two ends (restoreRelativeSelection); the plugin makes
// it a cell selection again. Here that change is made as y-tiptap makes it.
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { CellSelection } from "@tiptap/pm/tables";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../schema.js";
import { keepCellSelection } from "./table-selection.js";

const schema = documentSchema();
const cell = (t: string) => ({ type: "tableCell", content: [{ type: "paragraph", content: [{ type: "text", text: t }] }] });
const row = (...cells: string[]) => ({ type: "tableRow", content: cells.map(cell) });
const doc = schema.nodeFromJSON({
  type: "doc",
  content: [{ type: "paragraph", content: [{ type: "text", text: "Intro" }] }, { type: "table", content: [row("a1", "b1"), row("a2", "b2")] }],
});

/** Positions before each cell, in document order. */
function cellPositions(d: typeof doc): number[] {
  const at: number[] = [];
  d.descendants((node, pos) => {
    if (node.type.name === "tableCell") at.push(pos);
    return true;
  });
  return at;
}

/** Another editor types "x" at the start of the first paragraph; the selection comes back as y-tiptap restores it. */
function remoteTyping(state: EditorState, fromAnotherEditor = true) {
  const { anchor, head } = state.selection;
  const tr = state.tr.insertText("x", 1);
  const map = (pos: number) => tr.mapping.map(pos);
  tr.setSelection(TextSelection.between(tr.doc.resolve(map(anchor)), tr.doc.resolve(map(head))));
  if (fromAnotherEditor) tr.setMeta("y-sync$", { isChangeOrigin: true });
  return state.apply(tr);
}

describe("keepCellSelection", () => {
  const [a1, , , b2] = cellPositions(doc);
  const selected = () => {
    const state = EditorState.create({ schema, doc, plugins: [keepCellSelection()] });
    return state.apply(state.tr.setSelection(CellSelection.create(state.doc, a1!, b2!)));
  };

  it("keeps the same cells selected through another editor's change", () => {
    const after = remoteTyping(selected());
    expect(after.selection).toBeInstanceOf(CellSelection);
    const cells: string[] = [];
    (after.selection as CellSelection).forEachCell((node) => cells.push(node.textContent));
    expect(cells).toEqual(["a1", "b1", "a2", "b2"]);
  });

  it("leaves the writer's own changes of selection alone", () => {
    const state = selected();
    const after = remoteTyping(state, false);
    expect(after.selection).toBeInstanceOf(TextSelection);
  });
});
