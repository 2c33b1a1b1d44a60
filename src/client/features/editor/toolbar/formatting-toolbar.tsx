// The formatting toolbar on a wide screen: blocks, marks, link, font family / size /
// colour from the spec's lists, alignment, undo/redo. The actions come from
// toolbar-actions.ts, shared with the phone's bar (phone-toolbar.tsx).
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { Palette } from "lucide-react";
import { memo } from "react";
import { MenuOnDemand } from "../../../components/ui/menu-on-demand";
import { SimpleTooltip } from "../../../components/ui/tooltip";
import { readFormatState, sameFormatState } from "./format-state";
import { ToolbarDivider } from "./toolbar-button";
import { ActionButton } from "./action-button";
import { type ActionContext, type ActionId, DESKTOP_GROUPS } from "./toolbar-actions";
import { FontFamilySelect, FontSizeSelect, SmallHeadingSelect } from "./toolbar-selects";
import { useUndoState } from "./undo-state";
import { lazyPart } from "../../../lib/lazy-part";

// The colour list and Radix's menu load at the colour button's first press (hover starts it).
const loadColourMenu = () => import("./colour-menu");
const ColourMenu = lazyPart(loadColourMenu);

export const FormattingToolbar = memo(function FormattingToolbar({
  editor,
  onAddLink,
}: {
  editor: Editor;
  onAddLink: () => void;
}) {
  const s = useEditorState({ editor, selector: ({ editor: e }) => readFormatState(e), equalityFn: sameFormatState });
  const history = useUndoState(editor);
  const chain = () => editor.chain().focus();
  const ctx: ActionContext = { editor, chain, onAddLink };
  const buttons = (ids: readonly ActionId[]) => ids.map((id) => <ActionButton key={id} id={id} state={s} history={history} ctx={ctx} />);
  // The same element is the plain button until the menu loads, then the menu's trigger.
  const colourButton = (
    <SimpleTooltip content="Text colour">
      <button
        type="button"
        aria-label="Text colour"
        className="inline-flex h-8 shrink-0 items-center gap-1 rounded-md px-2 outline-hidden hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
      >
        <Palette aria-hidden="true" />
        <span aria-hidden="true" className="size-3 rounded-full border" style={{ background: s.color || "currentColor" }} />
      </button>
    </SimpleTooltip>
  );

  return (
    // Sticky at the top of the editor's scrolling area (editor-workspace.tsx's <main>), so it
    // stays in reach down a long document. It wraps when the column is narrow; a phone shows
    // the compact bar above the keyboard instead (phone-toolbar.tsx).
    <div role="toolbar" aria-label="Formatting" className="sticky top-0 z-10 flex flex-wrap items-center gap-0.5 rounded-lg border bg-card p-1 shadow-xs">
      {buttons(DESKTOP_GROUPS.history)}
      <ToolbarDivider />
      {buttons(DESKTOP_GROUPS.blocks)}
      <SmallHeadingSelect s={s} chain={chain} />
      {buttons(DESKTOP_GROUPS.insert)}
      <ToolbarDivider />
      {buttons(DESKTOP_GROUPS.marks)}
      <ToolbarDivider />
      <FontFamilySelect s={s} chain={chain} />
      <FontSizeSelect s={s} chain={chain} />
      <MenuOnDemand trigger={colourButton} preload={loadColourMenu}>
        <ColourMenu editor={editor} trigger={colourButton} />
      </MenuOnDemand>
      <ToolbarDivider />
      {buttons(DESKTOP_GROUPS.align)}
    </div>
  );
});
