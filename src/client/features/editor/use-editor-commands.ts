// The editor's commands in the command palette (lib/command-registry.ts): find and replace,
// version history, focus mode, save, formatting and the AI actions. Each runs the same entry
// point as its toolbar button or shortcut (the find bar's control, the history toggle, the
// TipTap chain, the page's AI command), so the palette adds no second way of doing a thing.
import type { Editor } from "@tiptap/core";
import { type AppCommand, useRegisterCommands } from "../../lib/command-registry";
import type { EditorAiCommand } from "./types";

export interface EditorCommandHandlers {
  editor: Editor | null;
  /** The text may be changed here (not a viewer, not read-only). */
  editable: boolean;
  historyAllowed: boolean;
  focusMode: boolean;
  onFind: (withReplace: boolean) => void;
  onHistory: () => void;
  onFocusMode: (on: boolean) => void;
  onSave: () => void;
  onAddLink: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
}

export function editorCommands(h: EditorCommandHandlers): AppCommand[] {
  const chain = () => h.editor?.chain().focus();
  const format = (id: string, label: string, run: () => void, keys?: string, keywords?: string): AppCommand => ({ id, group: "Format", label, keys, keywords, run });
  const ai = (id: EditorAiCommand, label: string, keys?: string, keywords?: string): AppCommand => ({
    id: `ai-${id}`,
    group: "AI",
    label,
    keys,
    keywords,
    run: () => h.onAiCommand(id),
  });
  const commands: AppCommand[] = [
    { id: "find", group: "Editor", label: "Find in document", keys: "Ctrl+F", keywords: "search", run: () => h.onFind(false) },
  ];
  if (h.editable) commands.push({ id: "replace", group: "Editor", label: "Find and replace", keys: "Ctrl+H", keywords: "search", run: () => h.onFind(true) });
  if (h.historyAllowed) commands.push({ id: "history", group: "Editor", label: "Version history", keywords: "versions restore snapshots", run: h.onHistory });
  commands.push({ id: "focus", group: "Editor", label: h.focusMode ? "Leave focus mode" : "Focus mode", keywords: "distraction", run: () => h.onFocusMode(!h.focusMode) });
  if (!h.editable) return commands;
  commands.push(
    { id: "save", group: "Editor", label: "Save now", keys: "Ctrl+S", run: h.onSave },
    format("bold", "Bold", () => chain()?.toggleBold().run(), "Ctrl+B"),
    format("italic", "Italic", () => chain()?.toggleItalic().run(), "Ctrl+I"),
    format("underline", "Underline", () => chain()?.toggleUnderline().run(), "Ctrl+U"),
    format("strike", "Strikethrough", () => chain()?.toggleStrike().run(), "Ctrl+Shift+S"),
    format("h1", "Heading 1", () => chain()?.toggleHeading({ level: 1 }).run(), undefined, "title"),
    format("h2", "Heading 2", () => chain()?.toggleHeading({ level: 2 }).run()),
    format("h3", "Heading 3", () => chain()?.toggleHeading({ level: 3 }).run()),
    format("h4", "Heading 4", () => chain()?.toggleHeading({ level: 4 }).run()),
    format("h5", "Heading 5", () => chain()?.toggleHeading({ level: 5 }).run()),
    format("h6", "Heading 6", () => chain()?.toggleHeading({ level: 6 }).run()),
    format("bullets", "Bullet list", () => chain()?.toggleBulletList().run()),
    format("numbers", "Numbered list", () => chain()?.toggleOrderedList().run(), undefined, "ordered"),
    format("tasks", "To-do list", () => chain()?.toggleTaskList().run(), "Ctrl+Shift+9", "task checkbox checklist"),
    format("superscript", "Superscript", () => chain()?.toggleSuperscript().run(), "Ctrl+."),
    format("subscript", "Subscript", () => chain()?.toggleSubscript().run(), "Ctrl+,"),
    format("highlight", "Highlight", () => chain()?.toggleHighlight().run(), "Ctrl+Shift+H", "marker"),
    format("quote", "Quote", () => chain()?.toggleBlockquote().run(), undefined, "blockquote"),
    format("code", "Code block", () => chain()?.toggleCodeBlock().run()),
    format("link", "Insert or edit link", h.onAddLink, "Ctrl+K", "url hyperlink"),
    ai("ask", "AI Assist: ask AI", "Ctrl+J", "help me write prompt"),
    ai("complete", "Continue writing", undefined, "complete"),
    ai("improve", "Improve writing", undefined, "better"),
    ai("grammar", "Check grammar", undefined, "spelling fix"),
    ai("summarize", "Summarize"),
    ai("rewrite", "Rewrite…", "Ctrl+R", "tone"),
    ai("assistant", "AI assistant", "Ctrl+/", "chat ask"),
  );
  return commands;
}

/** Offers the editor's commands while the editor is on screen. */
export function useEditorCommands(h: EditorCommandHandlers): void {
  useRegisterCommands(editorCommands(h));
}
