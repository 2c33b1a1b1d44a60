// The table menu: shown while the cursor is in a table, with what TipTap's table extension
// can do there — rows and columns added above, below, left or right, or deleted; cells
// selected and merged, a merged cell split; the header row switched on or off; the whole
// table deleted. Cells are selected by dragging or Shift+click / Shift+arrows on a desktop,
// and from this menu anywhere (a phone has neither): "Select row", "Select column", and
// "Extend" right or down one cell per press from the cell the caret is in
// (cell-selection.ts). On a desktop it sits just above the table; on a phone (below md) it
// is a bar at the bottom of the screen, standing on the formatting bar (which stays usable:
// its bold or colour applies to every selected cell), whose buttons are a thumb's size and
// which scrolls sideways. Loaded on demand, the first time the cursor enters a table
// (editor-body.tsx).
import type { Editor } from "@tiptap/core";
import type { Selection } from "@tiptap/pm/state";
import { useEditorState } from "@tiptap/react";
import { type CSSProperties, type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import { type ExtendDirection, extendedCellSelection, lineSelection } from "./cell-selection";

interface TableState {
  /** The table's position in the document, or null when the cursor is not in one. */
  pos: number | null;
  canMerge: boolean;
  canSplit: boolean;
  canExtendRight: boolean;
  canExtendDown: boolean;
  headerRow: boolean;
}

function readTableState(editor: Editor): TableState {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name !== "table") continue;
    const first = node.firstChild;
    const headerRow = !!first && first.childCount > 0 && Array.from({ length: first.childCount }, (_, i) => first.child(i)).every((c) => c.type.name === "tableHeader");
    const { selection } = editor.state;
    return {
      pos: $from.before(depth),
      canMerge: editor.can().mergeCells(),
      canSplit: editor.can().splitCell(),
      canExtendRight: !!extendedCellSelection(selection, "right"),
      canExtendDown: !!extendedCellSelection(selection, "down"),
      headerRow,
    };
  }
  return { pos: null, canMerge: false, canSplit: false, canExtendRight: false, canExtendDown: false, headerRow: false };
}

const same = (a: TableState, b: TableState | null) =>
  !!b &&
  a.pos === b.pos &&
  a.canMerge === b.canMerge &&
  a.canSplit === b.canSplit &&
  a.canExtendRight === b.canExtendRight &&
  a.canExtendDown === b.canExtendDown &&
  a.headerRow === b.headerRow;

/** Where the table's box is within the editor body (its offset parent), kept up to date. */
function useTableBox(editor: Editor, pos: number | null): { top: number; left: number } | null {
  const [box, setBox] = useState<{ top: number; left: number } | null>(null);
  useEffect(() => {
    if (pos === null) {
      setBox(null);
      return;
    }
    const measure = () => {
      const dom = editor.view.nodeDOM(pos);
      if (!(dom instanceof HTMLElement)) return setBox(null);
      const parent = dom.closest("[data-testid='editor-body']");
      if (!parent) return setBox(null);
      const a = dom.getBoundingClientRect();
      const b = parent.getBoundingClientRect();
      setBox((old) => (old && old.top === a.top - b.top && old.left === a.left - b.left ? old : { top: a.top - b.top, left: a.left - b.left }));
    };
    measure();
    editor.on("transaction", measure);
    window.addEventListener("resize", measure);
    return () => {
      editor.off("transaction", measure);
      window.removeEventListener("resize", measure);
    };
  }, [editor, pos]);
  return box;
}

/**
 * While the menu is a bar on the phone's formatting bar, its height as --table-menu-space on
 * the page, so what else stands on that bar (the AI selection helper, the AI suggestions'
 * bar) and the room below the last line go above it rather than under it.
 */
function usePhoneBarSpace(ref: RefObject<HTMLDivElement | null>, shown: boolean) {
  useEffect(() => {
    const el = ref.current;
    if (!shown || !el) return;
    const root = document.documentElement.style;
    const measure = () => {
      const space = getComputedStyle(el).position === "fixed" ? el.offsetHeight : 0;
      root.setProperty("--table-menu-space", `${space}px`);
    };
    measure();
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("resize", measure);
      root.removeProperty("--table-menu-space");
    };
  }, [ref, shown]);
}

function MenuButton({ label, onClick, disabled, pressed, children }: { label: string; onClick: () => void; disabled?: boolean; pressed?: boolean; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection (and a cell selection to merge).
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className={cn(
        "inline-flex h-11 min-w-11 shrink-0 items-center justify-center rounded-md px-2.5 text-sm whitespace-nowrap outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40 md:h-7 md:px-2 md:text-xs",
        pressed && "bg-accent text-accent-foreground",
      )}
    >
      {children}
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-0.5 h-5 w-px shrink-0 bg-border" />;

export function TableMenu({ editor }: { editor: Editor }) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => readTableState(e), equalityFn: same });
  const box = useTableBox(editor, s.pos);
  const ref = useRef<HTMLDivElement>(null);
  const shown = s.pos !== null && editor.isEditable;
  usePhoneBarSpace(ref, shown);
  if (!shown) return null;
  const run = (command: (c: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => command(editor.chain().focus()).run();
  const select = (pick: (selection: Selection) => Selection | null) =>
    run((c) =>
      c.command(({ tr }) => {
        const next = pick(tr.selection);
        if (next) tr.setSelection(next);
        return !!next;
      }),
    );
  const extend = (direction: ExtendDirection) => select((sel) => extendedCellSelection(sel, direction));
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label="Table"
      data-testid="table-menu"
      // Phone: a bar along the bottom of the screen, standing on the formatting bar (whose
      // height, with the keyboard's, is --phone-bar-space; the bar keeps the safe area clear).
      // md and up: just above the table.
      className="fixed inset-x-0 bottom-[var(--phone-bar-space,0px)] z-30 flex items-center gap-0.5 overflow-x-auto border-t bg-popover p-1 text-popover-foreground shadow-md md:absolute md:inset-x-auto md:bottom-auto md:max-w-full md:top-[var(--table-top)] md:left-[var(--table-left)] md:-translate-y-full md:rounded-lg md:border"
      style={box ? ({ "--table-top": `${box.top - 6}px`, "--table-left": `${box.left}px` } as CSSProperties) : undefined}
    >
      <MenuButton label="Add row above" onClick={() => run((c) => c.addRowBefore())}>
        + Row above
      </MenuButton>
      <MenuButton label="Add row below" onClick={() => run((c) => c.addRowAfter())}>
        + Row below
      </MenuButton>
      <MenuButton label="Delete row" onClick={() => run((c) => c.deleteRow())}>
        − Row
      </MenuButton>
      <Divider />
      <MenuButton label="Add column left" onClick={() => run((c) => c.addColumnBefore())}>
        + Column left
      </MenuButton>
      <MenuButton label="Add column right" onClick={() => run((c) => c.addColumnAfter())}>
        + Column right
      </MenuButton>
      <MenuButton label="Delete column" onClick={() => run((c) => c.deleteColumn())}>
        − Column
      </MenuButton>
      <Divider />
      <MenuButton label="Select row" onClick={() => select((sel) => lineSelection(sel, "row"))}>
        Select row
      </MenuButton>
      <MenuButton label="Select column" onClick={() => select((sel) => lineSelection(sel, "column"))}>
        Select column
      </MenuButton>
      <MenuButton label="Extend selection right" disabled={!s.canExtendRight} onClick={() => extend("right")}>
        Extend →
      </MenuButton>
      <MenuButton label="Extend selection down" disabled={!s.canExtendDown} onClick={() => extend("down")}>
        Extend ↓
      </MenuButton>
      <MenuButton label="Merge cells" disabled={!s.canMerge} onClick={() => run((c) => c.mergeCells())}>
        Merge
      </MenuButton>
      <MenuButton label="Split cell" disabled={!s.canSplit} onClick={() => run((c) => c.splitCell())}>
        Split
      </MenuButton>
      <MenuButton label="Header row" pressed={s.headerRow} onClick={() => run((c) => c.toggleHeaderRow())}>
        Header row
      </MenuButton>
      <Divider />
      <MenuButton label="Delete table" onClick={() => run((c) => c.deleteTable())}>
        Delete table
      </MenuButton>
    </div>
  );
}
