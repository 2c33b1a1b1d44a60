// A decision on suggestions (the AI's or a person's) as one transaction that the live
// document's undo (y-tiptap's undo manager) records as a step of its own, so Ctrl+Z after
// "Accept all" brings every suggestion back at once. Captures are closed before and after, or
// the decision would merge with typing just before or after it. The transaction says it is a
// decision, so Suggesting mode does not track it as a suggestion of its own.
import type { Transaction } from "@tiptap/pm/state";
import type { Editor } from "@tiptap/react";
import { yUndoPluginKey } from "@tiptap/y-tiptap";
import { SUGGESTION_DECISION } from "../../../shared/editor/suggestion-names";

export { SUGGESTION_DECISION };

function undoManager(editor: Editor): { stopCapturing(): void } | null {
  return (yUndoPluginKey.getState(editor.state) as { undoManager?: { stopCapturing(): void } } | undefined)?.undoManager ?? null;
}

export function asOneStep(editor: Editor, build: (tr: Transaction) => void): boolean {
  const um = undoManager(editor);
  um?.stopCapturing();
  const tr = editor.state.tr;
  build(tr);
  if (!tr.docChanged) return false;
  editor.view.dispatch(tr.setMeta(SUGGESTION_DECISION, true).scrollIntoView());
  um?.stopCapturing();
  return true;
}
