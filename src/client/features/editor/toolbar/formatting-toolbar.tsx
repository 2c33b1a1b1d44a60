// The formatting toolbar: blocks, marks, link, font family / size /
// colour from the spec's lists, alignment, undo/redo.
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import {
  AlignCenter,
  AlignJustify,
  AlignLeft,
  AlignRight,
  Asterisk,
  Bold,
  Code,
  Heading1,
  Heading2,
  Heading3,
  Highlighter,
  Image as ImageIcon,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  ListTodo,
  Minus,
  Palette,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Table,
  Subscript,
  Superscript,
  Underline,
  Undo2,
} from "lucide-react";
import { memo } from "react";
import { MenuOnDemand } from "../../../components/ui/menu-on-demand";
import { SimpleTooltip } from "../../../components/ui/tooltip";
import { DEFAULT_FONT_FAMILY, DEFAULT_FONT_SIZE, FONT_FAMILIES, FONT_SIZES } from "../../../../shared/editor/formatting";
import { readFormatState, sameFormatState } from "./format-state";
import { ToolbarButton, ToolbarDivider } from "./toolbar-button";
import { useUndoState } from "./undo-state";
import { lazyPart } from "../../../lib/lazy-part";

const selectClass =
  "h-8 shrink-0 rounded-md border border-input bg-background px-2 text-xs text-foreground outline-hidden focus-visible:ring-2 focus-visible:ring-ring";

// The colour list and Radix's menu load at the colour button's first press (hover starts it).
const loadColourMenu = () => import("./colour-menu");
const ColourMenu = lazyPart(loadColourMenu);

const ALIGN_ICONS = { left: AlignLeft, center: AlignCenter, right: AlignRight, justify: AlignJustify } as const;

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
    // stays in reach down a long document. On a phone the row scrolls sideways inside itself
    // instead of wrapping into four rows or widening the page; its right edge fades out to
    // show there is more, and the end padding lets the last control scroll clear of the fade.
    // From md up it wraps.
    <div
      role="toolbar"
      aria-label="Formatting"
      className="sticky top-0 z-10 flex items-center gap-0.5 overflow-x-auto rounded-lg border bg-card p-1 shadow-xs [scrollbar-width:thin] max-md:pe-8 max-md:[mask-image:linear-gradient(to_right,#000_calc(100%-2rem),transparent)] md:flex-wrap md:overflow-x-visible"
    >
      <ToolbarButton label="Undo" shortcut="Ctrl+Z" disabled={!history.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Redo" shortcut="Ctrl+Shift+Z" disabled={!history.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarDivider />
      <ToolbarButton label="Heading 1" active={s.h1} onClick={() => chain().toggleHeading({ level: 1 }).run()}>
        <Heading1 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Heading 2" active={s.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Heading 3" active={s.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        <Heading3 aria-hidden="true" />
      </ToolbarButton>
      <select
        aria-label="More headings"
        title="More headings"
        className={selectClass}
        value={s.smallHeading ? String(s.smallHeading) : ""}
        onChange={(e) => {
          const level = Number(e.target.value) as 4 | 5 | 6;
          if (level) chain().setHeading({ level }).run();
          else chain().setParagraph().run();
        }}
      >
        <option value="">H4–6</option>
        <option value="4">Heading 4</option>
        <option value="5">Heading 5</option>
        <option value="6">Heading 6</option>
      </select>
      <ToolbarButton label="Bullet list" active={s.bulletList} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Numbered list" active={s.orderedList} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="To-do list" shortcut="Ctrl+Shift+9" active={s.taskList} onClick={() => chain().toggleTaskList().run()}>
        <ListTodo aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Quote" active={s.blockquote} onClick={() => chain().toggleBlockquote().run()}>
        <Quote aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Code block" active={s.codeBlock} onClick={() => chain().toggleCodeBlock().run()}>
        <SquareCode aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Horizontal rule" onClick={() => chain().setHorizontalRule().run()}>
        <Minus aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Insert table" onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}>
        <Table aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Footnote" shortcut="Ctrl+Alt+F" onClick={() => chain().insertFootnote().run()}>
        <Asterisk aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Insert picture" onClick={() => editor.commands.pickImage()}>
        <ImageIcon aria-hidden="true" />
      </ToolbarButton>
      <ToolbarDivider />
      <ToolbarButton label="Bold" shortcut="Ctrl+B" active={s.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Italic" shortcut="Ctrl+I" active={s.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Underline" shortcut="Ctrl+U" active={s.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Strikethrough" shortcut="Ctrl+Shift+S" active={s.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Inline code" shortcut="Ctrl+E" active={s.code} onClick={() => chain().toggleCode().run()}>
        <Code aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Superscript" shortcut="Ctrl+." active={s.superscript} onClick={() => chain().toggleSuperscript().run()}>
        <Superscript aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Subscript" shortcut="Ctrl+," active={s.subscript} onClick={() => chain().toggleSubscript().run()}>
        <Subscript aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Highlight" shortcut="Ctrl+Shift+H" active={s.highlight} onClick={() => chain().toggleHighlight().run()}>
        <Highlighter aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Link" active={s.link} onClick={onAddLink}>
        <LinkIcon aria-hidden="true" />
      </ToolbarButton>
      <ToolbarDivider />
      <select
        aria-label="Font family"
        className={selectClass}
        value={s.fontFamily || DEFAULT_FONT_FAMILY}
        onChange={(e) =>
          e.target.value === DEFAULT_FONT_FAMILY ? chain().unsetFontFamily().run() : chain().setFontFamily(e.target.value).run()
        }
      >
        {FONT_FAMILIES.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <select
        aria-label="Font size"
        className={selectClass}
        value={s.fontSize || DEFAULT_FONT_SIZE}
        onChange={(e) =>
          e.target.value === DEFAULT_FONT_SIZE ? chain().unsetFontSize().run() : chain().setFontSize(e.target.value).run()
        }
      >
        {FONT_SIZES.map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      <MenuOnDemand trigger={colourButton} preload={loadColourMenu}>
        <ColourMenu editor={editor} trigger={colourButton} />
      </MenuOnDemand>
      <ToolbarDivider />
      {(Object.keys(ALIGN_ICONS) as (keyof typeof ALIGN_ICONS)[]).map((a) => {
        const Icon = ALIGN_ICONS[a];
        return (
          <ToolbarButton key={a} label={`Align ${a}`} active={s.align === a} onClick={() => chain().setTextAlign(a).run()}>
            <Icon aria-hidden="true" />
          </ToolbarButton>
        );
      })}
    </div>
  );
});
