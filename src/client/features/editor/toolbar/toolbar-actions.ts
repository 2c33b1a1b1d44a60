// Every formatting action the toolbars offer, in one list: the desktop row
// (formatting-toolbar.tsx), the phone's bar (phone-toolbar.tsx) and its "More" sheet
// (more-sheet.tsx) draw their buttons from it, so a label, shortcut or command is written once.
import type { ChainedCommands, Editor } from "@tiptap/core";
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
  type LucideIcon,
  Minus,
  Quote,
  Redo2,
  SquareCode,
  Strikethrough,
  Subscript,
  Superscript,
  Table,
  Underline,
  Undo2,
} from "lucide-react";
import type { FormatState } from "./format-state";

export interface ActionContext {
  editor: Editor;
  /** A command chain on the editor (the desktop row focuses the text first; the phone's sheet does not, so no keyboard pops up under it). */
  chain: () => ChainedCommands;
  onAddLink: () => void;
}

export interface ToolbarAction {
  label: string;
  shortcut?: string;
  icon: LucideIcon;
  /** Pressed state (aria-pressed); absent for a one-off action. */
  active?: (s: FormatState) => boolean;
  /** Disabled state from the undo stack. */
  disabled?: (history: { canUndo: boolean; canRedo: boolean }) => boolean;
  run: (x: ActionContext) => void;
}

const ACTION_LIST = {
  undo: { label: "Undo", shortcut: "Ctrl+Z", icon: Undo2, disabled: (h) => !h.canUndo, run: (x) => x.chain().undo().run() },
  redo: { label: "Redo", shortcut: "Ctrl+Shift+Z", icon: Redo2, disabled: (h) => !h.canRedo, run: (x) => x.chain().redo().run() },
  h1: { label: "Heading 1", icon: Heading1, active: (s) => s.h1, run: (x) => x.chain().toggleHeading({ level: 1 }).run() },
  h2: { label: "Heading 2", icon: Heading2, active: (s) => s.h2, run: (x) => x.chain().toggleHeading({ level: 2 }).run() },
  h3: { label: "Heading 3", icon: Heading3, active: (s) => s.h3, run: (x) => x.chain().toggleHeading({ level: 3 }).run() },
  bulletList: { label: "Bullet list", icon: List, active: (s) => s.bulletList, run: (x) => x.chain().toggleBulletList().run() },
  orderedList: { label: "Numbered list", icon: ListOrdered, active: (s) => s.orderedList, run: (x) => x.chain().toggleOrderedList().run() },
  taskList: { label: "To-do list", shortcut: "Ctrl+Shift+9", icon: ListTodo, active: (s) => s.taskList, run: (x) => x.chain().toggleTaskList().run() },
  blockquote: { label: "Quote", icon: Quote, active: (s) => s.blockquote, run: (x) => x.chain().toggleBlockquote().run() },
  codeBlock: { label: "Code block", icon: SquareCode, active: (s) => s.codeBlock, run: (x) => x.chain().toggleCodeBlock().run() },
  horizontalRule: { label: "Horizontal rule", icon: Minus, run: (x) => x.chain().setHorizontalRule().run() },
  table: { label: "Insert table", icon: Table, run: (x) => x.chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
  footnote: { label: "Footnote", shortcut: "Ctrl+Alt+F", icon: Asterisk, run: (x) => x.chain().insertFootnote().run() },
  picture: { label: "Insert picture", icon: ImageIcon, run: (x) => x.editor.commands.pickImage() },
  bold: { label: "Bold", shortcut: "Ctrl+B", icon: Bold, active: (s) => s.bold, run: (x) => x.chain().toggleBold().run() },
  italic: { label: "Italic", shortcut: "Ctrl+I", icon: Italic, active: (s) => s.italic, run: (x) => x.chain().toggleItalic().run() },
  underline: { label: "Underline", shortcut: "Ctrl+U", icon: Underline, active: (s) => s.underline, run: (x) => x.chain().toggleUnderline().run() },
  strike: { label: "Strikethrough", shortcut: "Ctrl+Shift+S", icon: Strikethrough, active: (s) => s.strike, run: (x) => x.chain().toggleStrike().run() },
  code: { label: "Inline code", shortcut: "Ctrl+E", icon: Code, active: (s) => s.code, run: (x) => x.chain().toggleCode().run() },
  superscript: { label: "Superscript", shortcut: "Ctrl+.", icon: Superscript, active: (s) => s.superscript, run: (x) => x.chain().toggleSuperscript().run() },
  subscript: { label: "Subscript", shortcut: "Ctrl+,", icon: Subscript, active: (s) => s.subscript, run: (x) => x.chain().toggleSubscript().run() },
  highlight: { label: "Highlight", shortcut: "Ctrl+Shift+H", icon: Highlighter, active: (s) => s.highlight, run: (x) => x.chain().toggleHighlight().run() },
  link: { label: "Link", icon: LinkIcon, active: (s) => s.link, run: (x) => x.onAddLink() },
  alignLeft: { label: "Align left", icon: AlignLeft, active: (s) => s.align === "left", run: (x) => x.chain().setTextAlign("left").run() },
  alignCenter: { label: "Align center", icon: AlignCenter, active: (s) => s.align === "center", run: (x) => x.chain().setTextAlign("center").run() },
  alignRight: { label: "Align right", icon: AlignRight, active: (s) => s.align === "right", run: (x) => x.chain().setTextAlign("right").run() },
  alignJustify: { label: "Align justify", icon: AlignJustify, active: (s) => s.align === "justify", run: (x) => x.chain().setTextAlign("justify").run() },
} satisfies Record<string, ToolbarAction>;

export type ActionId = keyof typeof ACTION_LIST;
export const ACTIONS: Record<ActionId, ToolbarAction> = ACTION_LIST;

/** The desktop row's groups, left to right (a divider between groups; the selects and colour sit where formatting-toolbar.tsx puts them). */
export const DESKTOP_GROUPS = {
  history: ["undo", "redo"],
  blocks: ["h1", "h2", "h3"],
  insert: ["bulletList", "orderedList", "taskList", "blockquote", "codeBlock", "horizontalRule", "table", "footnote", "picture"],
  marks: ["bold", "italic", "underline", "strike", "code", "superscript", "subscript", "highlight", "link"],
  align: ["alignLeft", "alignCenter", "alignRight", "alignJustify"],
} satisfies Record<string, ActionId[]>;

/** The phone's bar: the most used, in reach of a thumb above the keyboard. */
export const PHONE_BAR: ActionId[] = ["undo", "redo", "bold", "italic", "link", "bulletList"];

/** The phone's "More" sheet: everything else, grouped under a label. */
export const MORE_SHEET_GROUPS: { label: string; ids: ActionId[] }[] = [
  { label: "Headings", ids: ["h1", "h2", "h3"] },
  { label: "Text", ids: ["underline", "strike", "code", "highlight", "superscript", "subscript"] },
  { label: "Lists and blocks", ids: ["orderedList", "taskList", "blockquote", "codeBlock"] },
  { label: "Insert", ids: ["table", "picture", "footnote", "horizontalRule"] },
  { label: "Alignment", ids: ["alignLeft", "alignCenter", "alignRight", "alignJustify"] },
];
