// A table row: header cells and body cells (table.ts).
import { TableRow as BaseTableRow } from "@tiptap/extension-table/row";

export const TableRow = BaseTableRow;
