// A footnote's mark in the text: an inline atom holding only the id of its note (footnote.ts,
// kept in the footnotes list at the end, footnotes.ts). Its number is never stored: it is the
// reference's place among the document's references, counted by whoever shows or exports it,
// so moving text renumbers every note. Ctrl/Cmd+Alt+F inserts a footnote at the cursor.
import { mergeAttributes, Node } from "@tiptap/core";
import { insertFootnote } from "./footnote-order.js";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    footnote: {
      /** Inserts a footnote reference at the cursor and its note at its place in the list; the cursor moves into the note. */
      insertFootnote: () => ReturnType;
    };
  }
}

export const FootnoteReference = Node.create({
  name: "footnoteReference",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  marks: "",

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-footnote-ref"),
        renderHTML: (attrs) => ({ "data-footnote-ref": attrs.id }),
      },
    };
  },

  parseHTML() {
    // Before the superscript mark's rule for any <sup>: read by it, a pasted reference
    // (an empty <sup>) would be lost.
    return [{ tag: "sup[data-footnote-ref]", priority: 60 }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["sup", mergeAttributes({ class: "footnote-ref" }, HTMLAttributes)];
  },

  renderText() {
    return "";
  },

  addCommands() {
    return {
      insertFootnote:
        () =>
        ({ state, tr, dispatch }) => {
          const ok = insertFootnote(state.schema, tr);
          if (ok && dispatch) tr.scrollIntoView();
          return ok;
        },
    };
  },

  addKeyboardShortcuts() {
    return { "Mod-Alt-f": () => this.editor.commands.insertFootnote() };
  },
});
