// The notes of a document, one block after the rest of the text holding a footnote
// (footnote.ts) per reference, in the references' order. The schema lets the block stand
// anywhere and more than once (two people adding the first footnote at once each make one);
// the editor puts it back in shape after each of its own changes (footnote-order.ts), and
// every reader (exports, text, search) gathers the notes from wherever they are.
import { mergeAttributes, Node } from "@tiptap/core";
import { DOMParser as PMDOMParser, type Fragment, type Node as PMNode, type Schema } from "@tiptap/pm/model";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { footnoteClipboardSerializer, notesFromClipboard } from "./footnote-clipboard.js";
import { orderFootnotes, touchesFootnotes } from "./footnote-order.js";

const orderKey = new PluginKey("footnoteOrder");

/**
 * Keeps one editor's footnotes in shape (footnote-order.ts), and carries notes on the
 * clipboard (footnote-clipboard.ts): a copy or cut puts each reference's note text in the
 * clipboard's HTML; a paste or drop reads it, and the change that puts the pasted
 * references in gives each its note with that text. `readNotes`: how a paste's HTML is read
 * (a test without a browser gives its own).
 */
export function footnotesPlugin(schema: Schema, readNotes = notesFromClipboard): Plugin {
  let copiedFrom: PMNode | null = null;
  // The notes read from the HTML being pasted, then from the slice about to go in (the
  // paste's own change takes them; a paste another handler takes leaves them for the next).
  let read: Map<string, Fragment> | null = null;
  let pasted: Map<string, Fragment> | null = null;
  const serializer = footnoteClipboardSerializer(schema, () => copiedFrom);
  return new Plugin({
    key: orderKey,
    props: {
      transformCopied: (slice, view) => {
        copiedFrom = view.state.doc;
        return slice;
      },
      clipboardSerializer: serializer,
      transformPastedHTML: (html, view) => {
        const parser = view.someProp("clipboardParser") ?? view.someProp("domParser") ?? PMDOMParser.fromSchema(schema);
        read = readNotes(html, schema, parser);
        return html;
      },
      transformPasted: (slice) => {
        pasted = read?.size ? read : null;
        read = null;
        return slice;
      },
    },
    // After this editor's own changes only: a change from another editor was put in
    // shape there, and doing it again here at the same time would do it twice.
    appendTransaction: (transactions, oldState, state) => {
      const local = transactions.filter((tr) => tr.docChanged && !(tr.getMeta("y-sync$") as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin);
      const paste = local.some((tr) => tr.getMeta("paste") || tr.getMeta("uiEvent") === "drop");
      const carried = paste ? (pasted ?? undefined) : undefined;
      if (paste) pasted = null;
      if (!local.some((tr) => touchesFootnotes(tr, oldState.schema))) return null;
      const tr = state.tr;
      orderFootnotes(state.schema, tr, carried);
      return tr.docChanged ? tr.setMeta("addToHistory", true) : null;
    },
  });
}

export const Footnotes = Node.create({
  name: "footnotes",
  group: "block",
  content: "footnote+",
  defining: true,
  isolating: true,
  selectable: false,
  draggable: false,

  parseHTML() {
    return [{ tag: "section[data-footnotes]" }];
  },

  renderHTML({ HTMLAttributes }) {
    return ["section", mergeAttributes({ class: "footnotes", "data-footnotes": "" }, HTMLAttributes), ["ol", 0]];
  },

  addProseMirrorPlugins() {
    return [footnotesPlugin(this.editor.schema)];
  },
});
