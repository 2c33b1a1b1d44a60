// What a table cell's attributes may hold (table-cell.ts, table-header.ts): the one rule for
// stored content (validate.ts) and live changes (src/server/collab/ingress.ts). Spans are
// bounded so an exporter never lays out a million-column grid; a width is what a dragged
// column edge gives, in pixels.

/** Bounds of a cell's colspan and rowspan, and of a column width in pixels. */
export const MAX_TABLE_SPAN = 1000;
export const MAX_COLUMN_WIDTH = 10000;

const CELL_ALIGN = ["left", "center", "right"];

const isSpan = (v: unknown) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= MAX_TABLE_SPAN;

/** Whether `value` is a column-width list: null, or up to MAX_TABLE_SPAN widths (a number in bounds, or 0 / null for "not set"). */
export function isColwidth(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (!Array.isArray(value) || value.length > MAX_TABLE_SPAN) return false;
  return value.every((w) => w === null || (typeof w === "number" && Number.isFinite(w) && w >= 0 && w <= MAX_COLUMN_WIDTH));
}

/** Why a cell's attributes are refused, or null. */
export function checkTableCellAttrs(kind: string, attrs: Record<string, unknown>): string | null {
  for (const key of ["colspan", "rowspan"] as const) {
    const v = attrs[key];
    if (v !== undefined && !isSpan(v)) return `${kind}.${key} must be a whole number from 1 to ${MAX_TABLE_SPAN}`;
  }
  if (!isColwidth(attrs.colwidth)) return `${kind}.colwidth must be a list of widths from 0 to ${MAX_COLUMN_WIDTH}`;
  const align = attrs.align;
  if (align !== undefined && align !== null && !CELL_ALIGN.includes(align as string)) return `${kind}.align has an unsupported value`;
  return null;
}
