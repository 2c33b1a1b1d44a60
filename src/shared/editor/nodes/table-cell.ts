// A table body cell: one or more blocks, colspan/rowspan for merged cells, colwidth (a width
// per spanned column, or null) and align (left, center, right or null). See table.ts.
import { TableCell as BaseTableCell } from "@tiptap/extension-table/cell";

export const TableCell = BaseTableCell;
