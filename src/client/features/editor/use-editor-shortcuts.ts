// Page-wide shortcuts: Ctrl+K a link in the text (as in Docs, Word and Notion), Ctrl+R
// rewrite, Ctrl+/ assistant, Ctrl+S to save now, and Ctrl+F / Ctrl+H find and replace in the
// text instead of the browser's find in the page. Captured before the editor and the browser
// (Ctrl+R would reload). Ask AI (Ctrl+J) is the AI layer's; search and commands
// (Ctrl+Shift+K) the palette's.
//
// Ctrl+K acts only in the text: in the title or another field the browser keeps it.
import { useEffect, useRef } from "react";
import type { EditorAiCommand } from "./types";

export type ShortcutAction = "save" | "find" | "replace" | "link" | EditorAiCommand;

export function shortcutAction(
  e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">,
  inText = false,
): ShortcutAction | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null;
  switch (e.key.toLowerCase()) {
    case "s":
      return "save";
    case "k":
      return inText ? "link" : null;
    case "r":
      return "rewrite";
    case "/":
      return "assistant";
    case "f":
      return "find";
    case "h":
      return "replace";
    default:
      return null;
  }
}

export function useEditorShortcuts({
  onSave,
  onAiCommand,
  onFind,
  onLink,
}: {
  onSave: () => void;
  /** Ctrl/Cmd+K in the text: add or edit the link at the selection. */
  onLink: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
  /** Opens the find bar, with the replace field for Ctrl+H. */
  onFind: (withReplace: boolean) => void;
}) {
  const ref = useRef({ onSave, onAiCommand, onFind, onLink });
  ref.current = { onSave, onAiCommand, onFind, onLink };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Keys typed in the command palette are the palette's (Ctrl+Shift+K there closes it).
      if (e.target instanceof Element && e.target.closest("[data-command-palette]")) return;
      const inText = e.target instanceof Element && !!e.target.closest(".ProseMirror");
      const action = shortcutAction(e, inText);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      if (action === "save") ref.current.onSave();
      else if (action === "link") ref.current.onLink();
      else if (action === "find" || action === "replace") ref.current.onFind(action === "replace");
      else ref.current.onAiCommand(action);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
