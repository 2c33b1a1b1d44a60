// Re-renders when the editor's selection or content changes; returns the current selection.
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
    () => (editor ? `${editor.state.selection.from}:${editor.state.selection.to}:${editor.state.doc.content.size}` : ""),
    () => "",
  );
  return useMemo(() => getSelection(editor), [editor, key]);
}
