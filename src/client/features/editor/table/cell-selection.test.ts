// Cells selected from the table menu, as a phone writer does it: a caret in one cell, then
// "Extend selection" or "Select row"/"Select column"; merged cells are stepped over whole.
import { type Selection, TextSelection } from "@tiptap/pm/state";
import { CellSelection } from "@tiptap/pm/tables";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { extendedCellSelection, lineSelection } from "./cell-selection";

const schema = documentSchema();
const cell = (t: string, colspan = 1) => ({ type: "tableCell", attrs: { colspan }, content: [{ type: "paragraph", content: [{ type: "text", text: t }] }] });
const doc = schema.nodeFromJSON({
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "Intro" }] },
    {
      type: "table",
      content: [
        { type: "tableRow", content: [cell("a1"), cell("b1"), cell("c1")] },
        { type: "tableRow", content: [cell("a2", 2), cell("c2")] },
      ],
    },
  ],
});

/** A caret inside the cell whose text is `text`. */
function caretIn(text: string): Selection {
  let at = -1;
  doc.descendants((node, pos) => {
    if (node.isText && node.text === text) at = pos + 1;
    return at < 0;
  });
  return TextSelection.create(doc, at);
}

const texts = (selection: Selection | null) => {
  expect(selection).toBeInstanceOf(CellSelection);
  const out: string[] = [];
  (selection as CellSelection).forEachCell((node) => out.push(node.textContent));
  return out;
};

describe("cell selection from the table menu", () => {
  it("extends a caret to the next cell right, then again, until the row ends", () => {
    const two = extendedCellSelection(caretIn("a1"), "right");
    expect(texts(two)).toEqual(["a1", "b1"]);
    const three = extendedCellSelection(two!, "right");
    expect(texts(three)).toEqual(["a1", "b1", "c1"]);
    expect(extendedCellSelection(three!, "right")).toBeNull();
  });

  it("extends down, and steps over a merged cell whole", () => {
    expect(texts(extendedCellSelection(caretIn("b1"), "down"))).toEqual(["a1", "b1", "a2"]);
    expect(texts(extendedCellSelection(caretIn("a2"), "right"))).toEqual(["a2", "c2"]);
    expect(extendedCellSelection(caretIn("c2"), "down")).toBeNull();
  });

  it("selects the caret's row or column", () => {
    expect(texts(lineSelection(caretIn("b1"), "row"))).toEqual(["a1", "b1", "c1"]);
    expect(texts(lineSelection(caretIn("c1"), "column"))).toEqual(["c1", "c2"]);
  });

  it("gives nothing outside a table, nor for text running out of it", () => {
    expect(extendedCellSelection(caretIn("Intro"), "right")).toBeNull();
    expect(lineSelection(caretIn("Intro"), "row")).toBeNull();
    expect(extendedCellSelection(TextSelection.create(doc, 1, caretIn("c2").head), "down")).toBeNull();
  });
});
