// The phone's "More" sheet (phone-toolbar.tsx): every formatting action the bar has no room
// for, grouped under labels (toolbar-actions.ts MORE_SHEET_GROUPS), each a thumb-sized
// button with its name. Commands run without focusing the text, so no keyboard pops up
// under the sheet; pressed states show as on the desktop row. Escape, the overlay and the
// close button close it.
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type ReactNode, useRef } from "react";
import { TEXT_COLORS } from "../../../../shared/editor/formatting";
import { Sheet, SheetContent, SheetTitle } from "../../../components/ui/sheet";
import { cn } from "../../../lib/cn";
import { readFormatState, sameFormatState } from "./format-state";
import { ACTIONS, type ActionContext, MORE_SHEET_GROUPS, type ToolbarAction } from "./toolbar-actions";
import { FontFamilySelect, FontSizeSelect, SmallHeadingSelect } from "./toolbar-selects";

const itemClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-transparent px-3 text-left text-sm outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-5 [&_svg]:shrink-0";
const selectClass = "h-11 min-w-0 flex-1 text-sm";

function Group({ label, children }: { label: string; children: ReactNode }) {
  const id = `more-sheet-${label.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1">
      <h3 id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </h3>
      <div className="grid grid-cols-2 gap-1">{children}</div>
    </section>
  );
}

export default function MoreSheet({
  open,
  onOpenChange,
  editor,
  onAddLink,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  editor: Editor;
  onAddLink: () => void;
}) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => readFormatState(e), equalityFn: sameFormatState });
  const chain = () => editor.chain();
  const ctx: ActionContext = { editor, chain, onAddLink };
  // Whether the text had focus when the sheet opened (the bar's buttons leave it there).
  const fromText = useRef(false);
  // Inserting something closes the sheet and then runs, with the caret in the text, so the
  // new table or note shows and can be typed into at once.
  const pending = useRef<ToolbarAction | null>(null);
  const backToText = (event: Event) => {
    const insert = pending.current;
    pending.current = null;
    if (!insert && !fromText.current) return;
    // Focus goes back through the editor, which puts its own selection back (a plain focus()
    // on the text lets the browser place the caret first).
    event.preventDefault();
    if (insert) insert.run({ ...ctx, chain: () => editor.chain().focus() });
    else editor.commands.focus();
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="bottom"
        closeLabel="Close formatting"
        aria-describedby={undefined}
        onOpenAutoFocus={() => {
          fromText.current = editor.view.dom.contains(document.activeElement);
        }}
        onCloseAutoFocus={backToText}
        className="max-h-[55dvh]! gap-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <SheetTitle className="text-base">Formatting</SheetTitle>
        {MORE_SHEET_GROUPS.map((group) => (
          <Group key={group.label} label={group.label}>
            {group.ids.map((id) => {
              const a = ACTIONS[id];
              const Icon = a.icon;
              const active = a.active?.(s);
              return (
                <button
                  key={id}
                  type="button"
                  aria-pressed={active}
                  className={cn(itemClass, active && "border-border bg-accent text-accent-foreground")}
                  onClick={() => {
                    // A picture's file chooser opens at once (it needs the press itself).
                    if (group.label !== "Insert" || id === "picture") a.run(ctx);
                    else pending.current = a;
                    if (group.label === "Insert") onOpenChange(false);
                  }}
                >
                  <Icon aria-hidden="true" />
                  {a.label}
                </button>
              );
            })}
            {group.label === "Headings" && <SmallHeadingSelect s={s} chain={chain} className={selectClass} />}
          </Group>
        ))}
        <Group label="Font">
          <FontFamilySelect s={s} chain={chain} className={selectClass} />
          <FontSizeSelect s={s} chain={chain} className={selectClass} />
        </Group>
        <section aria-labelledby="more-sheet-colour" className="flex flex-col gap-1">
          <h3 id="more-sheet-colour" className="text-xs font-medium text-muted-foreground">
            Text colour
          </h3>
          <div className="flex flex-wrap gap-1">
            {TEXT_COLORS.map((c) => (
              <button
                key={c.value}
                type="button"
                aria-label={c.name}
                aria-pressed={s.color === c.value}
                title={c.name}
                className={cn(itemClass, "size-11 justify-center px-0", s.color === c.value && "border-border bg-accent")}
                onClick={() => chain().setColor(c.value).run()}
              >
                <span aria-hidden="true" className="size-6 rounded-full border" style={{ background: c.value }} />
              </button>
            ))}
            <button type="button" className={itemClass} onClick={() => chain().unsetColor().run()}>
              Default colour
            </button>
          </div>
        </section>
      </SheetContent>
    </Sheet>
  );
}
