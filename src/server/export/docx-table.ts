// Tables in the Word export: a real Word table (docx's Table), borders on every cell, the
// header row marked as Word's repeating header row (shaded, and read back by the import as
// header cells), merged cells as Word merges them (columnSpan across, rowSpan down: docx
// writes the "continue" cells of a vertical merge itself), column widths from the widths a
// writer dragged (px at 96 per inch, 15 twips each) with the other columns sharing what is
// left of the page width. Cell text is not made bold, so a header's words come back as written.
import { BorderStyle, Paragraph, ShadingType, Table, TableCell, TableRow, WidthType } from "docx";
import type { DocNode } from "../../shared/editor/schema.js";
import { columnWidths, tableGrid } from "../../shared/export/table-grid.js";

/** The text width of an A4 page with Word's 1-inch margins, in twips (a Letter page is a little wider). */
const PAGE_TEXT_TWIPS = 9026;
const TWIPS_PER_PX = 15;
const MIN_COLUMN_TWIPS = 360;
const BORDER = { style: BorderStyle.SINGLE, size: 4, color: "D1D5DB" };
const BORDERS = { top: BORDER, bottom: BORDER, left: BORDER, right: BORDER, insideHorizontal: BORDER, insideVertical: BORDER };
const HEADER_FILL = "F3F4F6";

export type DocxBlock = Paragraph | Table;

/** `cellBlocks` renders a cell's blocks (docx.ts's builder); `indent` is the table's left indent in twips. */
export function docxTable(node: DocNode, cellBlocks: (cell: DocNode) => DocxBlock[], indent: number): Table | null {
  const grid = tableGrid(node);
  if (!grid.rows.length || grid.columns === 0) return null;
  const available = Math.max(PAGE_TEXT_TWIPS - indent, MIN_COLUMN_TWIPS * grid.columns);
  const px = columnWidths(grid);
  const fixed = px.reduce<number>((sum, w) => sum + (w === null ? 0 : w * TWIPS_PER_PX), 0);
  const free = px.filter((w) => w === null).length;
  const share = free ? Math.max(MIN_COLUMN_TWIPS, (available - fixed) / free) : 0;
  let widths = px.map((w) => (w === null ? share : w * TWIPS_PER_PX));
  // Wider than the page: every column shrinks in proportion.
  const total = widths.reduce((a, b) => a + b, 0);
  if (total > available) widths = widths.map((w) => Math.max(MIN_COLUMN_TWIPS, (w * available) / total));
  widths = widths.map((w) => Math.round(w));
  // Columns each row's cells (and merged cells from rows above) cover, to fill a short row.
  const covered = grid.rows.map(() => 0);
  const rows = grid.rows.map((row, r) => {
    const cells = row.map((cell) => {
      for (let dr = 0; dr < cell.rowspan; dr++) covered[r + dr] = (covered[r + dr] ?? 0) + cell.colspan;
      let blocks = cellBlocks(cell.node);
      // Word wants a cell to end with a paragraph.
      if (!blocks.length || !(blocks[blocks.length - 1] instanceof Paragraph)) blocks = [...blocks, new Paragraph({})];
      const width = widths.slice(cell.col, cell.col + cell.colspan).reduce((a, b) => a + b, 0);
      return new TableCell({
        children: blocks,
        columnSpan: cell.colspan > 1 ? cell.colspan : undefined,
        rowSpan: cell.rowspan > 1 ? cell.rowspan : undefined,
        width: { size: width, type: WidthType.DXA },
        shading: cell.header ? { type: ShadingType.CLEAR, fill: HEADER_FILL, color: "auto" } : undefined,
        margins: { top: 60, bottom: 60, left: 100, right: 100 },
      });
    });
    return { cells, header: r === 0 && grid.headerRow };
  });
  return new Table({
    rows: rows.map(({ cells, header }, r) => {
      const missing = grid.columns - (covered[r] ?? 0);
      const filler = missing > 0 ? [new TableCell({ children: [new Paragraph({})], columnSpan: missing > 1 ? missing : undefined })] : [];
      return new TableRow({ children: [...cells, ...filler], tableHeader: header || undefined });
    }),
    columnWidths: widths,
    width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA },
    indent: indent ? { size: indent, type: WidthType.DXA } : undefined,
    borders: BORDERS,
  });
}
