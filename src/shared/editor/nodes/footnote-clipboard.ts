// Footnotes on the clipboard. A reference holds only its note's id (footnote-reference.ts),
// and the note lives at the end of the document, so a passage cut or copied with a
// reference would arrive without its note's text: cut, the note is gone from the document;
// pasted into another document, it was never there. So each copied reference carries its
// note's text in the clipboard's HTML (an attribute holding the note as HTML), and a paste
// reads it back with the editor's own clipboard parser (the same rules as any pasted HTML),
// for footnote-order.ts to give the pasted reference its note. Runs only in a browser editor.
import { DOMSerializer, type DOMParser as PMDOMParser, type Fragment, type Node as PMNode, type Schema } from "@tiptap/pm/model";
import { FOOTNOTE_ID } from "./footnote-id.js";

/** The attribute of a copied reference holding its note's text as HTML. */
export const NOTE_ATTRIBUTE = "data-footnote-note";

function noteIn(doc: PMNode | null, id: unknown): PMNode | null {
  let found: PMNode | null = null;
  doc?.descendants((node) => {
    if (found) return false;
    if (node.type.name !== "footnotes") return !node.isTextblock;
    node.forEach((note) => {
      if (!found && note.attrs.id === id) found = note;
    });
    return false;
  });
  return found;
}

/**
 * The editor's clipboard serializer: the schema's, with each reference carrying the text of
 * its note in `source()` (the document the copy is made from).
 */
export function footnoteClipboardSerializer(schema: Schema, source: () => PMNode | null): DOMSerializer {
  const base = DOMSerializer.fromSchema(schema);
  const plain = base.nodes.footnoteReference;
  if (!plain) return base;
  return new DOMSerializer(
    {
      ...base.nodes,
      footnoteReference: (node) => {
        const note = noteIn(source(), node.attrs.id);
        if (!note) return plain(node);
        const { dom } = DOMSerializer.renderSpec(document, plain(node));
        const holder = document.createElement("div");
        holder.append(base.serializeFragment(note.content));
        (dom as HTMLElement).setAttribute(NOTE_ATTRIBUTE, holder.innerHTML);
        return dom;
      },
    },
    base.marks,
  );
}

/** The notes carried by the references in a paste's `html`, by id; empty when there are none. */
export function notesFromClipboard(html: string, schema: Schema, parser: PMDOMParser): Map<string, Fragment> {
  const notes = new Map<string, Fragment>();
  const noteType = schema.nodes.footnote;
  if (!noteType || !html.includes(NOTE_ATTRIBUTE)) return notes;
  // A document of its own: nothing in it runs or loads.
  const page = new globalThis.DOMParser().parseFromString(html, "text/html");
  for (const ref of Array.from(page.querySelectorAll(`[data-footnote-ref][${NOTE_ATTRIBUTE}]`))) {
    const id = ref.getAttribute("data-footnote-ref");
    if (!id || !FOOTNOTE_ID.test(id) || notes.has(id)) continue;
    const holder = page.createElement("div");
    holder.innerHTML = ref.getAttribute(NOTE_ATTRIBUTE) ?? "";
    try {
      const note = parser.parse(holder, { topNode: noteType.create({ id }), preserveWhitespace: true });
      note.check();
      notes.set(id, note.content);
    } catch {
      // A note that does not fit the schema is left behind: its reference gets an empty note.
    }
  }
  return notes;
}
