// A selection of several table cells survives a co-editor's change. The live document's sync
// (y-tiptap) puts the selection back after each change from another editor from its anchor
// and head, and it knows text, node and whole-document selections only: a cell selection's
// anchor and head are those of one of its cells' text, so it came back as a text selection in
// one cell, and a writer who had selected cells to merge or clear them lost the selection
// whenever anyone typed. Here the cells are found again by their row and column in the
// table the restored selection is in.
import type { ResolvedPos } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { CellSelection, TableMap, cellAround } from "@tiptap/pm/tables";

const key = new PluginKey("keepCellSelection");

/** y-tiptap's mark on a transaction that applies another editor's change. */
const fromAnotherEditor = (meta: unknown) => !!(meta as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin;

/** Row and column of the cell at `$cell` (the position before it) in its table. */
function coordinates($cell: ResolvedPos): { top: number; left: number } {
  const map = TableMap.get($cell.node(-1));
  const { top, left } = map.findCell($cell.pos - $cell.start(-1));
  return { top, left };
}

export function keepCellSelection(): Plugin {
  return new Plugin({
    key,
    appendTransaction(transactions, oldState, state) {
      const old = oldState.selection;
      if (!(old instanceof CellSelection) || state.selection instanceof CellSelection) return null;
      if (!transactions.some((tr) => fromAnotherEditor(tr.getMeta("y-sync$")))) return null;
      const $inside = cellAround(state.selection.$anchor);
      if (!$inside) return null;
      const table = $inside.node(-1);
      const start = $inside.start(-1);
      const map = TableMap.get(table);
      const cellAt = ({ top, left }: { top: number; left: number }) =>
        top < map.height && left < map.width ? state.doc.resolve(start + map.map[top * map.width + left]!) : null;
      const $anchor = cellAt(coordinates(old.$anchorCell));
      const $head = cellAt(coordinates(old.$headCell));
      if (!$anchor || !$head) return null;
      return state.tr.setSelection(new CellSelection($anchor, $head)).setMeta("addToHistory", false);
    },
  });
}
