// What the formatting toolbars show as active, read from the editor on each transaction
// but re-rendering React only when one of these values changes.
import type { Editor } from "@tiptap/core";

export interface FormatState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  link: boolean;
  superscript: boolean;
  subscript: boolean;
  highlight: boolean;
  h1: boolean;
  h2: boolean;
  h3: boolean;
  /** 4, 5 or 6 when the block is such a heading (the "More headings" choice), else 0. */
  smallHeading: number;
  bulletList: boolean;
  taskList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  codeBlock: boolean;
  align: string;
  fontFamily: string;
  fontSize: string;
  color: string;
}

export function readFormatState(editor: Editor): FormatState {
  const style = editor.getAttributes("textStyle") as { fontFamily?: string; fontSize?: string; color?: string };
  const align =
    (["center", "right", "justify"] as const).find((a) => editor.isActive({ textAlign: a })) ?? "left";
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    code: editor.isActive("code"),
    link: editor.isActive("link"),
    superscript: editor.isActive("superscript"),
    subscript: editor.isActive("subscript"),
    highlight: editor.isActive("highlight"),
    h1: editor.isActive("heading", { level: 1 }),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    smallHeading: [4, 5, 6].find((level) => editor.isActive("heading", { level })) ?? 0,
    bulletList: editor.isActive("bulletList"),
    taskList: editor.isActive("taskList"),
    orderedList: editor.isActive("orderedList"),
    blockquote: editor.isActive("blockquote"),
    codeBlock: editor.isActive("codeBlock"),
    align,
    fontFamily: style.fontFamily ?? "",
    fontSize: style.fontSize ?? "",
    color: style.color ?? "",
  };
}

export function sameFormatState(a: FormatState, b: FormatState | null): boolean {
  if (!b) return false;
  for (const k of Object.keys(a) as (keyof FormatState)[]) if (a[k] !== b[k]) return false;
  return true;
}
