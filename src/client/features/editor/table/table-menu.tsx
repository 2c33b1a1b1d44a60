// The table menu: shown while the cursor is in a table, with what TipTap's table extension
// can do there — rows and columns added above, below, left or right, or deleted; selected
// cells merged (select them by dragging, or Shift+click / Shift+arrows), a merged cell split;
// the header row switched on or off; the whole table deleted. On a desktop it sits just above
// the table; on a phone (below md) it is a bar at the bottom of the screen, whose buttons are
// big enough to tap and which scrolls sideways. Loaded on demand, the first time the cursor
// enters a table (editor-body.tsx).
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { cn } from "../../../lib/cn";

interface TableState {
  /** The table's position in the document, or null when the cursor is not in one. */
  pos: number | null;
  canMerge: boolean;
  canSplit: boolean;
  headerRow: boolean;
}

function readTableState(editor: Editor): TableState {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth--) {
    const node = $from.node(depth);
    if (node.type.name !== "table") continue;
    const first = node.firstChild;
    const headerRow = !!first && first.childCount > 0 && Array.from({ length: first.childCount }, (_, i) => first.child(i)).every((c) => c.type.name === "tableHeader");
    return { pos: $from.before(depth), canMerge: editor.can().mergeCells(), canSplit: editor.can().splitCell(), headerRow };
  }
  return { pos: null, canMerge: false, canSplit: false, headerRow: false };
}

const same = (a: TableState, b: TableState | null) => !!b && a.pos === b.pos && a.canMerge === b.canMerge && a.canSplit === b.canSplit && a.headerRow === b.headerRow;

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
        "inline-flex h-10 shrink-0 items-center rounded-md px-2.5 text-sm whitespace-nowrap outline-hidden hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-40 md:h-7 md:px-2 md:text-xs",
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
  if (s.pos === null || !editor.isEditable) return null;
  const run = (command: (c: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => command(editor.chain().focus()).run();
  return (
    <div
      role="toolbar"
      aria-label="Table"
      data-testid="table-menu"
      // Phone: a bar along the bottom of the screen. md and up: just above the table.
      className="fixed inset-x-0 bottom-0 z-30 flex items-center gap-0.5 overflow-x-auto border-t bg-popover p-1 pb-[max(0.25rem,env(safe-area-inset-bottom))] text-popover-foreground shadow-md md:absolute md:inset-x-auto md:bottom-auto md:max-w-full md:top-[var(--table-top)] md:left-[var(--table-left)] md:-translate-y-full md:rounded-lg md:border md:pb-1"
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
