// The link's typing behaviour in an editable editor, loaded when first needed: at the text's
// first focus (typing and pasting come after it) or when something is dragged over the text
// (a dropped address becomes a link). Until then the link mark is the schema's, which shows
// links and takes the link dialog's commands; what loads (link-typing-part.ts: TipTap's link
// extension and linkifyjs) only turns addresses typed, dropped or pasted into links, and
// showing a document does not need it.
import { type Editor, Extension } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";

const loading = new WeakMap<Editor, Promise<void>>();

/** Loads the link's typing behaviour into `editor` (once). */
export function loadLinkTyping(editor: Editor): Promise<void> {
  let pending = loading.get(editor);
  if (!pending) {
    pending = import("./link-typing-part").then(
      (m) => {
        if (!editor.isDestroyed) m.startLinkTyping(editor);
      },
      (error: unknown) => {
        // A failed download (offline, say) is tried again at the next focus.
        loading.delete(editor);
        throw error;
      },
    );
    loading.set(editor, pending);
  }
  return pending;
}

export const LinkTyping = Extension.create({
  name: "linkTyping",

  addProseMirrorPlugins() {
    const editor = this.editor;
    const load = () => {
      if (editor.isEditable) void loadLinkTyping(editor).catch(() => {});
      return false;
    };
    return [new Plugin({ key: new PluginKey("linkTyping"), props: { handleDOMEvents: { focus: load, dragenter: load } } })];
  },

  onCreate() {
    if (this.editor.isFocused) void loadLinkTyping(this.editor).catch(() => {});
  },
});
