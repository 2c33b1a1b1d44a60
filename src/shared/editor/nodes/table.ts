// A table: rows (table-row.ts) of header and body cells (table-header.ts, table-cell.ts), each
// cell holding blocks, with merged cells (colspan/rowspan) and column widths (colwidth, in
// pixels, set by dragging a column's edge). TipTap's table extension brings the editing
// behaviour: Tab / Shift+Tab move between cells (Tab in the last cell adds a row), cell
// selection (kept through co-editors' changes, table-selection.ts), merging and splitting,
// and column resizing where the editor is editable.
import { Table as BaseTable } from "@tiptap/extension-table";
import { keepCellSelection } from "./table-selection.js";

export const Table = BaseTable.extend({
  addProseMirrorPlugins() {
    // A cell selection is kept through co-editors' changes (table-selection.ts).
    return [...(this.parent?.() ?? []), keepCellSelection()];
  },
}).configure({ resizable: true, cellMinWidth: 48 });
