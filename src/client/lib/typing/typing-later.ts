// What an editable editor does with typing, dropping and pasting beyond the schema, loaded at
// the text's first focus (typing and pasting come after it) or when something is first dragged
// over it (typing-part.ts): web addresses typed, dropped or pasted become links (TipTap's link
// behaviour with linkifyjs), the drop cursor, the gap cursor beside a table or picture, and in
// the writer's editor the typographic replacements (typography.ts). Showing a document needs
// none of it. Until it has loaded the link mark is the schema's, which shows links and takes
// the link dialog's commands.
//
// Each part's plugins go where its extension stood in the list, so the editor's handlers meet
// them in the order they had: the link's, drop and gap cursors' at this extension's place (just
// after the document node, where StarterKit had its cursors; withTypingLater), the typographic
// rules at TypographySlot's.
import { type AnyExtension, type Editor, Extension } from "@tiptap/core";
import { Plugin } from "@tiptap/pm/state";
import { typingSlotKey, typographySlotKey } from "./typing-slots";

const loading = new WeakMap<Editor, Promise<void>>();

/** Loads the typing behaviour into `editor` (once). */
export function loadTypingLater(editor: Editor): Promise<void> {
  let pending = loading.get(editor);
  if (!pending) {
    pending = import("./typing-part").then(
      (m) => {
        if (!editor.isDestroyed) m.startTyping(editor);
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

export const TypingLater = Extension.create({
  name: "typingLater",

  addProseMirrorPlugins() {
    const editor = this.editor;
    const load = () => {
      if (editor.isEditable) void loadTypingLater(editor).catch(() => {});
      return false;
    };
    return [new Plugin({ key: typingSlotKey, props: { handleDOMEvents: { focus: load, dragenter: load } } })];
  },

  onCreate() {
    if (this.editor.isFocused && this.editor.isEditable) void loadTypingLater(this.editor).catch(() => {});
  },
});

/** Where the typographic rules go once loaded; only the writer's editor has them. */
export const TypographySlot = Extension.create({
  name: "typographySlot",
  addProseMirrorPlugins: () => [new Plugin({ key: typographySlotKey })],
});

/** `extensions` (the schema's) with TypingLater just after the document node. */
export function withTypingLater(extensions: AnyExtension[]): AnyExtension[] {
  return extensions.flatMap((extension) => (extension.name === "doc" ? [extension, TypingLater] : [extension]));
}
