// Re-renders when the editor's selection changes (or the content under a range selection);
// returns the current selection. A collapsed caret is one key whatever its position, so
// typing does not re-render the AI panels on every key: they only care about a range.
import type { Editor } from "@tiptap/react";
import { useCallback, useMemo, useSyncExternalStore } from "react";
import { getSelection, type SelectionInfo } from "./editor-text";

export function useEditorSelection(editor: Editor | null): SelectionInfo {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!editor) return () => {};
      editor.on("selectionUpdate", notify);
      editor.on("update", notify);
      return () => {
        editor.off("selectionUpdate", notify);
        editor.off("update", notify);
      };
    },
    [editor],
  );
  const key = useSyncExternalStore(
    subscribe,
    () => {
      if (!editor) return "";
      const { from, to } = editor.state.selection;
      return from === to ? "caret" : `${from}:${to}:${editor.state.doc.content.size}`;
    },
    () => "",
  );
  return useMemo(() => getSelection(editor), [editor, key]);
}
