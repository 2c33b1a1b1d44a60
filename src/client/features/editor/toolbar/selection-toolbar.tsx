// The floating selection toolbar: only for a non-empty text selection —
// bold, italic, underline, AI improve, add link, heading 2, quote. It sits below the
// selection (above it only where there is no room below), so it never covers the line the
// writer is reading back or the title; and it stays away while Find is open, whose current
// match is shown by its highlight rather than by a bar over the text. Cells selected in a
// table get the table's own menu instead (table/table-menu.tsx), not this bubble over the
// rows below.
import type { Editor } from "@tiptap/core";
import { CellSelection } from "@tiptap/pm/tables";
import { useEditorState } from "@tiptap/react";
import { BubbleMenu } from "@tiptap/react/menus";
import { Bold, Heading2, Italic, Link as LinkIcon, MessageSquarePlus, Quote, Sparkles, Underline } from "lucide-react";
import { memo } from "react";
import { findKey } from "../find/find-extension";
import { ToolbarButton } from "./toolbar-button";

/** Below the selection, a little apart from it; flipped above and kept on screen by Floating UI. */
const BELOW_SELECTION = { placement: "bottom", offset: 8, flip: true, shift: { padding: 8 } } as const;

export const SelectionToolbar = memo(function SelectionToolbar({
  editor,
  onAddLink,
  onImprove,
  onComment,
  commentOnly = false,
}: {
  editor: Editor;
  onAddLink: () => void;
  /** Absent for readers who change no text (no AI tools for them). */
  onImprove?: () => void;
  /** Comment on the selection (Ctrl/Cmd+Alt+M); absent for those who may not comment. */
  onComment?: () => void;
  /** A commenter cannot format: the bubble offers only Comment. */
  commentOnly?: boolean;
}) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e.state.selection.empty
        ? null
        : {
            bold: e.isActive("bold"),
            italic: e.isActive("italic"),
            underline: e.isActive("underline"),
            h2: e.isActive("heading", { level: 2 }),
            quote: e.isActive("blockquote"),
            link: e.isActive("link"),
          },
    equalityFn: (a, b) => JSON.stringify(a) === JSON.stringify(b),
  });
  const chain = () => editor.chain().focus();
  return (
    <BubbleMenu
      editor={editor}
      shouldShow={({ state, from, to }) =>
        from !== to && !state.selection.empty && !(state.selection instanceof CellSelection) && !findKey.getState(state)?.query && state.doc.textBetween(from, to).length > 0
      }
      options={BELOW_SELECTION}
      className="z-40"
    >
      <div role="toolbar" aria-label="Selection formatting" className="flex items-center gap-0.5 rounded-lg border bg-popover p-1 text-popover-foreground shadow-md">
        {onComment && (
          <ToolbarButton label="Comment" onClick={onComment}>
            <MessageSquarePlus aria-hidden="true" />
          </ToolbarButton>
        )}
        {!commentOnly && (
          <>
        <ToolbarButton label="Bold" active={s?.bold} onClick={() => chain().toggleBold().run()}>
          <Bold aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Italic" active={s?.italic} onClick={() => chain().toggleItalic().run()}>
          <Italic aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Underline" active={s?.underline} onClick={() => chain().toggleUnderline().run()}>
          <Underline aria-hidden="true" />
        </ToolbarButton>
        {onImprove && (
          <ToolbarButton label="Improve with AI" onClick={onImprove}>
            <Sparkles aria-hidden="true" />
          </ToolbarButton>
        )}
        <ToolbarButton label="Add link" active={s?.link} onClick={onAddLink}>
          <LinkIcon aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Heading 2" active={s?.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
          <Heading2 aria-hidden="true" />
        </ToolbarButton>
        <ToolbarButton label="Quote" active={s?.quote} onClick={() => chain().toggleBlockquote().run()}>
          <Quote aria-hidden="true" />
        </ToolbarButton>
          </>
        )}
      </div>
    </BubbleMenu>
  );
});
