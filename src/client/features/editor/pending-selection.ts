// A copy, cut, paste or shortcut acts on the selection the writer sees. The editor learns of
// a selection made with the keyboard (Shift+End, Shift+→, Ctrl+A in a cell…) from the
// browser's "selectionchange" event, which arrives a moment later as its own task. A Ctrl+C
// or Ctrl+X pressed in that moment found the editor's selection still empty, so the browser
// copied its own rendering of the page instead of the document's (styled spans, no footnote
// text, no marks the schema reads back), and a cut then deleted text the editor had not
// chosen; a Ctrl+K (link) or Ctrl+B made right after Shift+→ acted on the selection before it.
// So before the editor's clipboard handling and before any key with a modifier, the
// selection the browser holds is read into the editor, exactly as the pending
// "selectionchange" would have done. The app's own shortcuts listen on the window, after the
// editor has seen the key, so they get the selection read here too.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** ProseMirror's observer of the editable DOM: `flush` reads pending DOM changes and the DOM selection into the state. */
interface DomObserver {
  flush(): void;
}

function readSelectionFromPage(view: EditorView): boolean {
  (view as unknown as { domObserver?: DomObserver }).domObserver?.flush();
  // Never handled here: the editor's own handling goes on with the selection read.
  return false;
}

export const PendingSelection = Extension.create({
  name: "pendingSelection",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("pendingSelection"),
        props: {
          handleDOMEvents: {
            copy: readSelectionFromPage,
            cut: readSelectionFromPage,
            paste: readSelectionFromPage,
            keydown: (view, event) => (event.ctrlKey || event.metaKey || event.altKey ? readSelectionFromPage(view) : false),
          },
        },
      }),
    ];
  },
});
