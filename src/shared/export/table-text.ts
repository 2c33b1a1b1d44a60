// Tables in the plain-text export: a line per row with the cells between " | ", the header
// row underlined with dashes. When no cell is merged the columns are padded to line up (by
// character count: wide scripts may still stagger); a merged cell's text is written once,
// in its first row and column. A cell's several blocks are joined by " / ".
import type { DocNode } from "../editor/schema.js";
import { tableGrid } from "./table-grid.js";

/** `cellText` gives a cell's blocks as text lines (text.ts). */
export function tableToText(node: DocNode, cellText: (cell: DocNode) => string[]): string | null {
  const grid = tableGrid(node);
  if (!grid.rows.length) return null;
  const texts = grid.rows.map((row) => row.map((cell) => cellText(cell.node).map((l) => l.replace(/\s+/g, " ").trim()).filter(Boolean).join(" / ")));
  const widths = Array.from({ length: grid.columns }, (_, col) =>
    grid.plain ? Math.max(0, ...texts.map((row, r) => (grid.rows[r]![col] ? row[col]!.length : 0))) : 0,
  );
  const lines = texts.map((row) => row.map((text, i) => (grid.plain && i < row.length - 1 ? text.padEnd(widths[i]!) : text)).join(" | ").trimEnd());
  if (grid.headerRow) {
    const rule = grid.plain ? widths.map((w) => "-".repeat(Math.max(3, w))).join("-+-") : "-".repeat(Math.max(3, lines[0]!.length));
    lines.splice(1, 0, rule);
  }
  return lines.join("\n");
}
