// Page-wide shortcuts: Ctrl+K AI Complete, Ctrl+R rewrite, Ctrl+/ assistant,
// plus Ctrl+S to save now, and Ctrl+F / Ctrl+H find and replace in the text instead of the
// browser's find in the page. Captured before the editor and the browser (Ctrl+R would reload).
import { useEffect, useRef } from "react";
import type { EditorAiCommand } from "./types";

export function shortcutAction(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): "save" | "find" | "replace" | EditorAiCommand | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return null;
  switch (e.key.toLowerCase()) {
    case "s":
      return "save";
    case "k":
      return "complete";
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
}: {
  onSave: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
  /** Opens the find bar, with the replace field for Ctrl+H. */
  onFind: (withReplace: boolean) => void;
}) {
  const ref = useRef({ onSave, onAiCommand, onFind });
  ref.current = { onSave, onAiCommand, onFind };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Keys typed in the command palette are the palette's (Ctrl+K there closes it).
      if (e.target instanceof Element && e.target.closest("[data-command-palette]")) return;
      const action = shortcutAction(e);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      if (action === "save") ref.current.onSave();
      else if (action === "find" || action === "replace") ref.current.onFind(action === "replace");
      else ref.current.onAiCommand(action);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
