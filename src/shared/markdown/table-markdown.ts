// Tables in the Markdown export. A table GFM can hold is written as a GFM pipe table: a
// header row of header cells (and no header cell below it), no merged cells, each cell one
// paragraph (a line break in it as <br>, which GitHub shows and the importers read back),
// one alignment per column. Any other table (merged cells, several blocks or a list in a
// cell, no header row, a header column) is written as an HTML <table> block, which GitHub
// shows and the import reads back, so nothing of the table is lost; its markup is kept on
// one line per row, as a Markdown HTML block must have no blank line. Column widths have no
// GFM form and are written only in the HTML form.
import type { DocNode } from "../editor/schema.js";
import { renderTable } from "../export/html.js";
import { children, hasMark, textOf } from "../export/inline.js";
import { type GridCell, type TableGrid, tableGrid } from "../export/table-grid.js";

/** `inline` renders a paragraph's inline content as Markdown (to-markdown.ts). */
export function tableToMarkdown(node: DocNode, depth: number, inline: (nodes: DocNode[]) => string): string[] {
  const grid = tableGrid(node);
  if (!fitsGfm(grid)) return htmlTableLines(node, depth);
  const cellText = (cell: GridCell) => {
    const parts: DocNode[][] = [[]];
    for (const c of children(children(cell.node)[0] ?? { type: "paragraph" })) {
      if (c.type === "hardBreak") parts.push([]);
      else parts[parts.length - 1]!.push(c);
    }
    // Trailing breaks draw nothing; a pipe in the text is escaped by the inline renderer.
    while (parts.length > 1 && !parts[parts.length - 1]!.length) parts.pop();
    return parts.map((p) => inline(p).replace(/\n/g, " ")).join("<br>");
  };
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const [head, ...body] = grid.rows;
  const aligns = Array.from({ length: grid.columns }, (_, col) => head![col]?.align ?? null);
  const rule = aligns.map((a) => (a === "center" ? ":---:" : a === "right" ? "---:" : a === "left" ? ":---" : "---"));
  return [line(head!.map(cellText)), line(rule), ...body.map((row) => line(row.map(cellText)))];
}

function fitsGfm(grid: TableGrid): boolean {
  if (!grid.headerRow || !grid.plain || !grid.rows.length) return false;
  const aligns = grid.rows[0]!.map((c) => c.align);
  return grid.rows.every(
    (row, r) =>
      row.length === grid.columns &&
      row.every((cell, col) => {
        if (cell.header !== (r === 0) || cell.align !== aligns[col]) return false;
        if (cell.widths?.some((w) => w !== null)) return false;
        const blocks = children(cell.node);
        if (blocks.length !== 1 || blocks[0]!.type !== "paragraph" || blocks[0]!.attrs?.textAlign) return false;
        // GFM splits a row at every pipe, even in a code span, where no escape would stay invisible.
        return !children(blocks[0]!).some((c) => hasMark(c, "code") && textOf(c).includes("|"));
      }),
  );
}

/** The HTML form: blank lines would end the block, so newlines go (as &#10; inside code). */
function htmlTableLines(node: DocNode, depth: number): string[] {
  const html = renderTable(node, depth).replace(/<pre>[\s\S]*?<\/pre>/g, (pre) => pre.replace(/\n/g, "&#10;"));
  return html.split("\n").filter((line) => line.trim() !== "");
}
