// Tables in the PDF export, drawn as a real grid: every cell's box with a border, header
// cells shaded, merged cells spanning their columns and rows, cell text wrapped inside the
// cell (drawParagraph, word by word, long words split by characters). How it is laid out:
// - Column widths: the widths a writer dragged (px, 0.75 pt each); other columns share what
//   is left; a table wider than the page shrinks every column in proportion.
// - Each cell is measured before anything is drawn (paragraphHeight); a row is as tall as its
//   tallest cell, and a merged cell taller than its rows makes its last row taller.
// - Rows held together by a merged cell move to the next page together; when a table goes on
//   to a new page its header row is drawn again at the top.
// - A cell's blocks are laid out as paragraphs: a list item opens with its bullet, number or
//   box (on the right of a right-to-left item, which starts there), a code block keeps its lines in the monospace font, a table inside a cell becomes a
//   line of text per row. A group of rows taller than a whole page cannot be one box: its
//   cells' text is printed one after another as plain paragraphs instead.
import type { DocNode } from "../../shared/editor/schema.js";
import { children, isChecked, orderedStart, textOf } from "../../shared/export/inline.js";
import { safeAlign } from "../../shared/export/styles.js";
import { type GridCell, columnWidths, tableGrid } from "../../shared/export/table-grid.js";
import { type Align, type Run, drawParagraph, paragraphHeight } from "./pdf-layout.js";
import type { PdfFont } from "./pdf-fonts.js";
import { pdfSafeText } from "./pdf-text.js";

type Pdf = PDFKit.PDFDocument;

const PAD = 4;
const GAP = 3;
const MIN_COLUMN = 24;
const PT_PER_PX = 0.75;
const BORDER = "#9ca3af";
const HEADER_FILL = "#f3f4f6";
const CELL_SIZE = 10;

export interface TableStyle {
  /** A textblock's inline content as runs at `size` (pdf.ts's runsOf). */
  runs: (nodes: DocNode[], size: number, bold: boolean) => Run[];
  textColor: string;
}

interface Item {
  runs: Run[];
  align: Align;
  /** Code: the spaces opening each line are kept (its indentation). */
  code?: boolean;
}

/** A cell's blocks as paragraphs of runs (see the header comment). */
function cellItems(cell: DocNode, style: TableStyle, bold: boolean): Item[] {
  const items: Item[] = [];
  const plain = (text: string, font: PdfFont = "Sans"): Run => ({ text: pdfSafeText(text, font), font, size: CELL_SIZE, color: style.textColor, underline: false, strike: false });
  const walk = (node: DocNode, prefix: string, depth: number) => {
    const lead = prefix ? [plain(prefix)] : [];
    switch (node.type) {
      case "paragraph":
      case "heading":
        // "start": a right-to-left paragraph starts on the right, as outside tables, and so does
        // a right-to-left list item's marker and its indent (the spaces and marker open its text).
        items.push({ runs: [...lead, ...style.runs(children(node), CELL_SIZE, bold || node.type === "heading")], align: safeAlign(node) ?? "start" });
        return;
      case "codeBlock": {
        const code = children(node)
          .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
          .join("");
        items.push({ runs: [...lead, plain(code, "Mono")], align: "left", code: true });
        return;
      }
      case "bulletList":
      case "orderedList":
      case "taskList": {
        let n = orderedStart(node);
        for (const item of children(node)) {
          const marker = node.type === "orderedList" ? `${n++}. ` : node.type === "taskList" ? (isChecked(item) ? "\u2612 " : "\u2610 ") : "\u2022 ";
          const pad = "   ".repeat(Math.min(depth, 6));
          children(item).forEach((block, i) => {
            walk(block, i === 0 ? `${pad}${marker}` : pad, depth + 1);
          });
        }
        return;
      }
      case "table":
        for (const row of children(node)) {
          const text = children(row)
            .map((c) => children(c).map((b) => flat(b)).join(" "))
            .join(" | ");
          items.push({ runs: [...lead, plain(text)], align: "left" });
        }
        return;
      default:
        for (const child of children(node)) walk(child, prefix, depth);
    }
  };
  for (const block of children(cell)) walk(block, "", 0);
  return items.length ? items : [{ runs: [plain(" ")], align: "left" }];
}

function flat(node: DocNode): string {
  if (node.type === "text") return textOf(node);
  return children(node).map(flat).join(node.type === "paragraph" ? "" : " ");
}

const itemRuns = (item: Item) => (item.runs.length ? item.runs : [{ text: " ", font: "Sans", size: CELL_SIZE, color: "#000", underline: false, strike: false }]);

export function renderTable(pdf: Pdf, node: DocNode, x: number, width: number, style: TableStyle): void {
  const grid = tableGrid(node);
  if (!grid.rows.length || !grid.columns) return;
  const cols = columnLayout(columnWidths(grid), width);
  const colX = [0];
  for (const w of cols) colX.push(colX[colX.length - 1]! + w);
  const spanWidth = (cell: GridCell) => colX[cell.col + cell.colspan]! - colX[cell.col]!;
  // Measure every cell.
  const measured = grid.rows.map((row) =>
    row.map((cell) => {
      const items = cellItems(cell.node, style, cell.header);
      const inner = Math.max(4, spanWidth(cell) - 2 * PAD);
      const height = items.reduce((h, item, i) => h + paragraphHeight(pdf, itemRuns(item), inner, undefined, item.code) + (i ? GAP : 0), 0) + 2 * PAD;
      return { cell, items, inner, height };
    }),
  );
  const rowHeight = grid.rows.map(() => CELL_SIZE * 1.2 + 2 + 2 * PAD);
  for (const row of measured) for (const m of row) if (m.cell.rowspan === 1) rowHeight[m.cell.row] = Math.max(rowHeight[m.cell.row]!, m.height);
  for (const row of measured) {
    for (const m of row) {
      if (m.cell.rowspan === 1) continue;
      const last = m.cell.row + m.cell.rowspan - 1;
      const have = rowHeight.slice(m.cell.row, last + 1).reduce((a, b) => a + b, 0);
      if (m.height > have) rowHeight[last]! += m.height - have;
    }
  }
  // Groups of rows a merged cell holds together.
  const groups: [number, number][] = [];
  for (let start = 0; start < grid.rows.length; ) {
    let end = start;
    for (let r = start; r <= end; r++) for (const cell of grid.rows[r]!) end = Math.max(end, cell.row + cell.rowspan - 1);
    groups.push([start, end]);
    start = end + 1;
  }
  const top = () => pdf.page.margins.top;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const heightOf = ([s, e]: [number, number]) => rowHeight.slice(s, e + 1).reduce((a, b) => a + b, 0);
  const header = grid.headerRow && groups[0]![1] === 0 ? groups[0]! : null;
  let y = pdf.y;

  const drawGroup = ([s, e]: [number, number], at: number) => {
    const rowY = [at];
    for (let r = s; r <= e; r++) rowY.push(rowY[rowY.length - 1]! + rowHeight[r]!);
    const cells = measured.slice(s, e + 1).flat();
    for (const m of cells) {
      const cx = x + colX[m.cell.col]!;
      const cy = rowY[m.cell.row - s]!;
      const h = rowY[m.cell.row - s + m.cell.rowspan]! - cy;
      const w = spanWidth(m.cell);
      if (m.cell.header) pdf.save().rect(cx, cy, w, h).fill(HEADER_FILL).restore();
      pdf.save().rect(cx, cy, w, h).lineWidth(0.5).strokeColor(BORDER).stroke().restore();
      pdf.y = cy + PAD;
      m.items.forEach((item, i) => {
        if (i) pdf.y += GAP;
        drawParagraph(pdf, itemRuns(item), cx + PAD, m.inner, item.align, undefined, undefined, item.code);
      });
    }
    return rowY[rowY.length - 1]!;
  };

  for (const group of groups) {
    const h = heightOf(group);
    const repeat = header && group !== header ? heightOf(header) : 0;
    if (y + h > bottom() && y > top() + 1) {
      pdf.addPage();
      y = top();
      if (repeat && h + repeat <= bottom() - top()) y = drawGroup(header!, y);
    }
    if (h > bottom() - top()) {
      // Taller than a page: the cells' text, one paragraph after another.
      pdf.y = y;
      for (const m of measured.slice(group[0], group[1] + 1).flat()) {
        for (const item of m.items) drawParagraph(pdf, itemRuns(item), x, width, item.align, undefined, undefined, item.code);
        pdf.y += GAP;
      }
      y = pdf.y;
      continue;
    }
    y = drawGroup(group, y);
  }
  pdf.x = x;
  pdf.y = y;
}

/** Column widths in points that fill `width` (see the header comment). */
function columnLayout(px: (number | null)[], width: number): number[] {
  const fixed = px.reduce<number>((sum, w) => sum + (w === null ? 0 : w * PT_PER_PX), 0);
  const free = px.filter((w) => w === null).length;
  const share = free ? Math.max(MIN_COLUMN, (width - fixed) / free) : 0;
  const cols = px.map((w) => (w === null ? share : Math.max(MIN_COLUMN, w * PT_PER_PX)));
  const total = cols.reduce((a, b) => a + b, 0);
  return total > width || free ? cols.map((w) => (w * width) / total) : cols;
}
