// The suggestions now in the document, read again after changes (at most every 100 ms, so
// typing in a long document does not walk it on every key) and at once after a decision.
import type { Editor } from "@tiptap/react";
import { useEffect, useState } from "react";
import { listChanges, type SuggestionChange } from "./read";

const EMPTY: SuggestionChange[] = [];

export function useDocSuggestions(editor: Editor | null): SuggestionChange[] {
  const [changes, setChanges] = useState<SuggestionChange[]>(EMPTY);
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = () => {
      timer = null;
      if (editor.isDestroyed) return;
      const next = listChanges(editor.state.doc);
      setChanges((prev) => (next.length === 0 && prev.length === 0 ? prev : next));
    };
    const onUpdate = () => {
      timer ??= setTimeout(read, 100);
    };
    read();
    editor.on("update", onUpdate);
    return () => {
      editor.off("update", onUpdate);
      if (timer) clearTimeout(timer);
    };
  }, [editor]);
  return changes;
}
