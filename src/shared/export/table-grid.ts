// A table node (src/shared/editor/nodes/table.ts) as a grid: where each cell sits once merged
// cells take their room, how many columns the table has and whether its first row is a
// header row. The Markdown, text, Word and PDF exporters lay tables out from it. Read
// defensively, like every exporter helper: spans are clamped to the rows and to MAX_TABLE_SPAN.
import { MAX_TABLE_SPAN } from "../editor/nodes/table-attrs.js";
import type { DocNode } from "../editor/schema.js";
import { attr, children } from "./inline.js";

export interface GridCell {
  node: DocNode;
  header: boolean;
  row: number;
  col: number;
  colspan: number;
  rowspan: number;
  /** Column widths in pixels the writer set (one per spanned column), or null. */
  widths: (number | null)[] | null;
  align: "left" | "center" | "right" | null;
}

export interface TableGrid {
  /** The cells that start in each row, left to right. */
  rows: GridCell[][];
  columns: number;
  /** The first row holds only header cells, none reaching into the next row. */
  headerRow: boolean;
  /** Every cell spans one row and one column. */
  plain: boolean;
}

export const isTableCell = (node: DocNode) => node.type === "tableCell" || node.type === "tableHeader";

function span(node: DocNode, key: string): number {
  const v = attr(node, key);
  return typeof v === "number" && Number.isInteger(v) && v >= 1 ? Math.min(v, MAX_TABLE_SPAN) : 1;
}

export function tableGrid(table: DocNode): TableGrid {
  const rowNodes = children(table).filter((r) => r.type === "tableRow");
  // Columns taken in each row by cells from rows above (rowspan).
  const taken: Set<number>[] = rowNodes.map(() => new Set());
  const rows: GridCell[][] = [];
  let columns = 0;
  let plain = true;
  rowNodes.forEach((rowNode, r) => {
    const cells: GridCell[] = [];
    let col = 0;
    for (const node of children(rowNode).filter(isTableCell)) {
      while (taken[r]!.has(col)) col++;
      const colspan = Math.min(span(node, "colspan"), MAX_TABLE_SPAN - col);
      if (colspan < 1) break;
      const rowspan = Math.min(span(node, "rowspan"), rowNodes.length - r);
      if (colspan > 1 || rowspan > 1) plain = false;
      const rawWidths = attr(node, "colwidth");
      const widths = Array.isArray(rawWidths) ? rawWidths.map((w) => (typeof w === "number" && Number.isFinite(w) && w > 0 ? w : null)) : null;
      const align = attr(node, "align");
      cells.push({
        node,
        header: node.type === "tableHeader",
        row: r,
        col,
        colspan,
        rowspan,
        widths,
        align: align === "left" || align === "center" || align === "right" ? align : null,
      });
      for (let dr = 1; dr < rowspan; dr++) for (let dc = 0; dc < colspan; dc++) taken[r + dr]!.add(col + dc);
      col += colspan;
    }
    columns = Math.max(columns, col, ...[...taken[r]!].map((c) => c + 1));
    rows.push(cells);
  });
  const first = rows[0] ?? [];
  const headerRow = first.length > 0 && first.every((c) => c.header && c.rowspan === 1);
  return { rows, columns, headerRow, plain };
}

/** Each column's width in pixels where a cell starting in it (and spanning only it) set one, else null. */
export function columnWidths(grid: TableGrid): (number | null)[] {
  const widths: (number | null)[] = Array.from({ length: grid.columns }, () => null);
  for (const row of grid.rows) {
    for (const cell of row) {
      cell.widths?.forEach((w, i) => {
        if (w !== null && widths[cell.col + i] === null) widths[cell.col + i] = w;
      });
    }
  }
  return widths;
}
