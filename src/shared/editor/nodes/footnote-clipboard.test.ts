// Cutting or copying a passage with a footnote reference and pasting it: the pasted
// reference gets its note with the text that was on the clipboard, in the same document or
// another, and undo takes it all back. The clipboard's HTML is read in a browser (the
// end-to-end test in e2e/footnotes-code.e2e.ts); here the notes it carried are given as read.
import type { Fragment, Node as PMNode, Slice } from "@tiptap/pm/model";
import { history, undo } from "@tiptap/pm/history";
import { EditorState, type Plugin, TextSelection, type Transaction } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../schema.js";
import { footnotesPlugin } from "./footnotes.js";

const schema = documentSchema();
const text = (s: string) => ({ type: "text", text: s });
const ref = (id: string) => ({ type: "footnoteReference", attrs: { id } });
const note = (id: string, words: string) => ({ type: "footnote", attrs: { id }, content: [{ type: "paragraph", content: [text(words)] }] });
const p = (...content: unknown[]) => ({ type: "paragraph", content });

const original = {
  type: "doc",
  content: [p(text("Alpha"), ref("a"), text(" beta.")), p(text("Gamma"), ref("b"), text(" delta.")), { type: "footnotes", content: [note("a", "Note A"), note("b", "Note B")] }],
};

/** An editor's state with undo and the footnotes plugin, whose paste reads `clipboard` as the notes the HTML carried. */
function editor(json: unknown, clipboard: () => Map<string, Fragment>) {
  const plugin = footnotesPlugin(schema, () => clipboard());
  const state = EditorState.create({ schema, doc: schema.nodeFromJSON(json), plugins: [history(), plugin] });
  return { plugin, state };
}

const view = { someProp: () => undefined } as unknown as EditorView;

/** What the editor does on a paste: reads the HTML, then puts the slice in place of the selection as one change. */
function paste(plugin: Plugin, state: EditorState, at: number, slice: Slice): EditorState {
  plugin.props.transformPastedHTML!.call(plugin, "<p>clipboard</p>", view);
  const pasted = plugin.props.transformPasted!.call(plugin, slice, view, true);
  const tr = state.tr.setSelection(TextSelection.create(state.doc, at)).replaceSelection(pasted).setMeta("paste", true).setMeta("uiEvent", "paste");
  return state.apply(tr);
}

const endOf = (doc: PMNode, index: number) => {
  let pos = 0;
  for (let i = 0; i <= index; i++) pos += doc.child(i).nodeSize;
  return pos - 1;
};

function footnotes(doc: PMNode) {
  const refs: string[] = [];
  const notes: { id: string; text: string }[] = [];
  doc.descendants((n) => {
    if (n.type.name === "footnoteReference") refs.push(n.attrs.id);
    if (n.type.name === "footnote") notes.push({ id: n.attrs.id, text: n.textContent });
    return true;
  });
  return { refs, notes };
}

/** The passage "Alpha" and its reference, from the start of the first paragraph. */
const passage = (state: EditorState) => TextSelection.create(state.doc, 1, 1 + "Alpha".length + 1);
/** The note text a copy of `state`'s passage puts on the clipboard. */
const carried = (state: EditorState) => () => new Map([["a", state.doc.lastChild!.firstChild!.content]]);

describe("footnotes on the clipboard", () => {
  it("cut and pasted further on, the reference keeps its note's text and the notes follow the new order; undo restores the original", () => {
    let clipboard = new Map<string, Fragment>();
    let { plugin, state } = editor(original, () => clipboard);
    const before = state.doc;
    const selection = passage(state);
    clipboard = carried(state)();
    const slice = selection.content();
    state = state.apply(state.tr.setSelection(selection).deleteSelection().setMeta("uiEvent", "cut"));
    // Cut, the reference's note goes with it.
    expect(footnotes(state.doc).notes).toEqual([{ id: "b", text: "Note B" }]);

    state = paste(plugin, state, endOf(state.doc, 1), slice);
    expect(state.doc.child(1).textContent).toBe("Gamma delta.Alpha");
    expect(footnotes(state.doc)).toEqual({
      refs: ["b", "a"],
      notes: [
        { id: "b", text: "Note B" },
        { id: "a", text: "Note A" },
      ],
    });
    expect(state.doc.lastChild!.type.name).toBe("footnotes");

    const back = (s: EditorState) => {
      let next = s;
      expect(undo(s, (tr: Transaction) => (next = s.apply(tr)))).toBe(true);
      return next;
    };
    state = back(back(state));
    expect(state.doc.eq(before)).toBe(true);
  });

  it("pasted into another document, the reference comes with its note's text", () => {
    const source = editor(original, () => new Map());
    const slice = passage(source.state).content();
    const other = editor({ type: "doc", content: [p(text("Elsewhere: "))] }, carried(source.state));
    const state = paste(other.plugin, other.state, endOf(other.state.doc, 0), slice);
    expect(state.doc.firstChild!.textContent).toBe("Elsewhere: Alpha");
    expect(footnotes(state.doc)).toEqual({ refs: ["a"], notes: [{ id: "a", text: "Note A" }] });
    // Pasted twice, the second copy gets a note of its own with the same text.
    const twice = paste(other.plugin, state, endOf(state.doc, 0), slice);
    const { refs, notes } = footnotes(twice.doc);
    expect(refs).toHaveLength(2);
    expect(new Set(refs).size).toBe(2);
    expect(notes).toEqual(refs.map((id) => ({ id, text: "Note A" })));
  });

  it("copied and pasted in the same document, the copy gets a second note with the same text, numbered in order", () => {
    let { plugin, state } = editor(original, () => new Map());
    const slice = passage(state).content();
    state = paste(plugin, state, endOf(state.doc, 1), slice);
    const { refs, notes } = footnotes(state.doc);
    expect(refs.slice(0, 2)).toEqual(["a", "b"]);
    expect(refs[2]).not.toBe("a");
    expect(notes.map((n) => n.text)).toEqual(["Note A", "Note B", "Note A"]);
    expect(notes.map((n) => n.id)).toEqual(refs);
  });
});
