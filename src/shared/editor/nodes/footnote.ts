// One note: its text (paragraphs) and the id its reference in the text names
// (footnote-reference.ts). Notes live only in the footnotes list (footnotes.ts).
import { mergeAttributes, Node } from "@tiptap/core";

export const Footnote = Node.create({
  name: "footnote",
  content: "paragraph+",
  defining: true,
  isolating: true,

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-footnote-id"),
        renderHTML: (attrs) => ({ "data-footnote-id": attrs.id }),
      },
    };
  },

  parseHTML() {
    return [{ tag: "li[data-footnote-id]" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["li", mergeAttributes({ class: "footnote" }, HTMLAttributes), 0];
  },
});
