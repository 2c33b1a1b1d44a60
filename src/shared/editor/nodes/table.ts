// A table: rows (table-row.ts) of header and body cells (table-header.ts, table-cell.ts), each
// cell holding blocks, with merged cells (colspan/rowspan) and column widths (colwidth, in
// pixels, set by dragging a column's edge). This is the node as every reader of a document
// knows it (its place in the schema, how it is read from and written to HTML), the same as
// TipTap's table node; the editing behaviour (Tab / Shift+Tab between cells, cell selection
// kept through co-editors' changes, merging and splitting, column resizing) is TipTap's table
// extension, which the browser loads when a document holds a table or one is inserted
// (src/client/lib/tables/table-editing.ts). Declared here without it, the schema
// does not bring the editing library (prosemirror-tables) to every page that shows a document.
import { callOrReturn, getExtensionField, mergeAttributes, Node } from "@tiptap/core";
import type { Node as PMNode } from "@tiptap/pm/model";

/** The table's options, the same for the node and its editing behaviour. */
export const TABLE_OPTIONS = { resizable: true, cellMinWidth: 48 } as const;

export interface TableOptions {
  HTMLAttributes: Record<string, unknown>;
  cellMinWidth: number;
}

/** A column's width (or its least width) as TipTap's table writes it. */
function colStyle(minWidth: number, width: number | undefined): string {
  return width ? `width: ${Math.max(width, minWidth)}px` : `min-width: ${minWidth}px`;
}

/** The <colgroup> and width of a table, as TipTap's table writes them (createColGroup). */
function colGroup(node: PMNode, cellMinWidth: number) {
  let totalWidth = 0;
  let fixedWidth = true;
  const cols: ["col", { style: string }][] = [];
  const row = node.firstChild;
  if (!row) return {};
  for (let i = 0; i < row.childCount; i += 1) {
    const { colspan, colwidth } = row.child(i).attrs as { colspan: number; colwidth: number[] | null };
    for (let j = 0; j < colspan; j += 1) {
      const width = colwidth?.[j];
      totalWidth += width || cellMinWidth;
      if (!width) fixedWidth = false;
      cols.push(["col", { style: colStyle(cellMinWidth, width) }]);
    }
  }
  return {
    colgroup: ["colgroup", {}, ...cols] as const,
    tableWidth: fixedWidth ? `${totalWidth}px` : "",
    tableMinWidth: fixedWidth ? "" : `${totalWidth}px`,
  };
}

export const Table = Node.create<TableOptions>({
  name: "table",
  addOptions() {
    return { HTMLAttributes: {}, cellMinWidth: TABLE_OPTIONS.cellMinWidth };
  },
  content: "tableRow+",
  tableRole: "table",
  isolating: true,
  group: "block",
  parseHTML() {
    return [{ tag: "table" }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const { colgroup, tableWidth, tableMinWidth } = colGroup(node, this.options.cellMinWidth);
    const style = HTMLAttributes.style || (tableWidth ? `width: ${tableWidth}` : `min-width: ${tableMinWidth}`);
    // No colgroup for a table whose first row is missing, as TipTap's table writes it.
    return ["table", mergeAttributes(this.options.HTMLAttributes, HTMLAttributes, { style }), colgroup as any, ["tbody", 0]];
  },
  // Every node's spec carries its table role (table, row, cell, header_cell), which the
  // editing library reads to find the table's parts.
  extendNodeSchema(extension) {
    const context = { name: extension.name, options: extension.options, storage: extension.storage };
    return { tableRole: callOrReturn(getExtensionField(extension, "tableRole", context)) };
  },
});
