// Selecting several cells without dragging or Shift: a phone has neither, so the table menu
// offers "Select row", "Select column" and "Extend selection" right or down, one cell at a
// time. Each takes the editor's selection (a caret or text in one cell, or cells already
// selected) and gives the cell selection to set, or null when there is none (no table, or
// no cell further that way), so the menu can disable the button.
import type { ResolvedPos } from "@tiptap/pm/model";
import type { Selection } from "@tiptap/pm/state";
import { CellSelection, TableMap, cellAround } from "@tiptap/pm/tables";

export type ExtendDirection = "right" | "down";

/** The selection's anchor and head cells (the positions before them); one cell for a caret. */
function ends(selection: Selection): { $anchor: ResolvedPos; $head: ResolvedPos } | null {
  if (selection instanceof CellSelection) return { $anchor: selection.$anchorCell, $head: selection.$headCell };
  const $anchor = cellAround(selection.$anchor);
  const $head = cellAround(selection.$head);
  if (!$anchor || !$head) return null;
  // Text from one table into another, or out of the table: not cells to extend.
  if ($anchor.start(-1) !== $head.start(-1)) return null;
  return { $anchor, $head };
}

/** Cells from the selection's anchor to the head's next cell to the right or below. */
export function extendedCellSelection(selection: Selection, direction: ExtendDirection): CellSelection | null {
  const found = ends(selection);
  if (!found) return null;
  const { $anchor, $head } = found;
  const table = $head.node(-1);
  const start = $head.start(-1);
  // A merged head cell: the next cell is the one past its span (TableMap walks the grid).
  const next = TableMap.get(table).nextCell($head.pos - start, direction === "right" ? "horiz" : "vert", 1);
  if (next === null) return null;
  return new CellSelection($anchor, $head.doc.resolve(start + next));
}

/** The whole row (or column) of the selection's head cell, or of every selected cell's rows. */
export function lineSelection(selection: Selection, line: "row" | "column"): CellSelection | null {
  const found = ends(selection);
  if (!found) return null;
  return line === "row" ? CellSelection.rowSelection(found.$anchor, found.$head) : CellSelection.colSelection(found.$anchor, found.$head);
}
