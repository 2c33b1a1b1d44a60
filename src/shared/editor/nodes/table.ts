// A table: rows (table-row.ts) of header and body cells (table-header.ts, table-cell.ts), each
// cell holding blocks, with merged cells (colspan/rowspan) and column widths (colwidth, in
// pixels, set by dragging a column's edge). TipTap's table extension brings the editing
// behaviour: Tab / Shift+Tab move between cells (Tab in the last cell adds a row), cell
// selection, merging and splitting, and column resizing where the editor is editable.
import { Table as BaseTable } from "@tiptap/extension-table";

export const Table = BaseTable.configure({ resizable: true, cellMinWidth: 48 });
