// A copy, cut or paste acts on the selection the writer sees. The editor learns of a
// selection made with the keyboard (Shift+End, Ctrl+A in a cell…) from the browser's
// "selectionchange" event, which arrives a moment later as its own task; a Ctrl+C or Ctrl+X
// pressed in that moment found the editor's selection still empty, so the browser copied
// its own rendering of the page instead of the document's (styled spans, no footnote text,
// no marks the schema reads back), and a cut then deleted text the editor had not chosen.
// So before the editor's own clipboard handling runs, the selection the browser holds is
// read into the editor, exactly as the pending "selectionchange" would have done.
import { Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";

/** ProseMirror's observer of the editable DOM: `flush` reads pending DOM changes and the DOM selection into the state. */
interface DomObserver {
  flush(): void;
}

function readSelectionFromPage(view: EditorView): boolean {
  (view as unknown as { domObserver?: DomObserver }).domObserver?.flush();
  // Never handled here: the editor's own copy, cut and paste go on with the selection read.
  return false;
}

export const ClipboardSelection = Extension.create({
  name: "clipboardSelection",
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("clipboardSelection"),
        props: {
          handleDOMEvents: { copy: readSelectionFromPage, cut: readSelectionFromPage, paste: readSelectionFromPage },
        },
      }),
    ];
  },
});
