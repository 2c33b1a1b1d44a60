// Whether Undo and Redo have anything to do, read from the live document's own undo stack
// (Yjs's UndoManager behind the Collaboration extension, which takes back only this writer's
// changes). ProseMirror's history plugin is not loaded in a live editor, so its depth is
// always 0; the stack changes outside ProseMirror transactions (a step is added after the
// change reaches Yjs, merged steps update in place), so the toolbar listens to its events.
import type { Editor } from "@tiptap/core";
import { yUndoPluginKey } from "@tiptap/y-tiptap";
import { useCallback, useSyncExternalStore } from "react";

const STACK_EVENTS = ["stack-item-added", "stack-item-popped", "stack-item-updated", "stack-cleared"] as const;

interface UndoStacks {
  undoStack: unknown[];
  redoStack: unknown[];
  on(event: string, f: () => void): void;
  off(event: string, f: () => void): void;
}

function undoManagerOf(editor: Editor): UndoStacks | null {
  if (editor.isDestroyed) return null;
  return (yUndoPluginKey.getState(editor.state)?.undoManager as UndoStacks | undefined) ?? null;
}

/** 0 nothing, 1 undo, 2 redo, 3 both: one number, so React re-renders only on a change. */
function read(editor: Editor): number {
  const um = undoManagerOf(editor);
  if (!um) return 0;
  return (um.undoStack.length > 0 ? 1 : 0) | (um.redoStack.length > 0 ? 2 : 0);
}

export function useUndoState(editor: Editor): { canUndo: boolean; canRedo: boolean } {
  const subscribe = useCallback(
    (changed: () => void) => {
      const um = undoManagerOf(editor);
      for (const e of STACK_EVENTS) um?.on(e, changed);
      return () => {
        for (const e of STACK_EVENTS) um?.off(e, changed);
      };
    },
    [editor],
  );
  const bits = useSyncExternalStore(subscribe, () => read(editor));
  return { canUndo: (bits & 1) !== 0, canRedo: (bits & 2) !== 0 };
}
