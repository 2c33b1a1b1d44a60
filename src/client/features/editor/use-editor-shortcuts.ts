// Page-wide shortcuts: Ctrl+K AI Complete, Ctrl+R rewrite, Ctrl+/ assistant,
// plus Ctrl+S to save now. Captured before the editor and the browser (Ctrl+R would reload).
import { useEffect, useRef } from "react";
import type { EditorAiCommand } from "./types";

export function shortcutAction(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): "save" | EditorAiCommand | null {
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
    default:
      return null;
  }
}

export function useEditorShortcuts({ onSave, onAiCommand }: { onSave: () => void; onAiCommand: (name: EditorAiCommand) => void }) {
  const ref = useRef({ onSave, onAiCommand });
  ref.current = { onSave, onAiCommand };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutAction(e);
      if (!action) return;
      e.preventDefault();
      e.stopPropagation();
      if (action === "save") ref.current.onSave();
      else ref.current.onAiCommand(action);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
