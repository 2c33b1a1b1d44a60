// A table header cell (<th>): the same attributes as a body cell (table-cell.ts). A row of
// them is the table's header row; exports write it as the header (GFM's first row, Word's
// repeated header row).
import { TableHeader as BaseTableHeader } from "@tiptap/extension-table/header";

export const TableHeader = BaseTableHeader;
