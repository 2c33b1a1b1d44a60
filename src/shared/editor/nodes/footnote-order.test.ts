import fc from "fast-check";
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../schema.js";
import { insertFootnote, orderFootnotes } from "./footnote-order.js";

const schema = documentSchema();
const text = (s: string) => ({ type: "text", text: s });
const ref = (id: string | null) => ({ type: "footnoteReference", attrs: { id } });
const note = (id: string, words: string) => ({ type: "footnote", attrs: { id }, content: [{ type: "paragraph", content: [text(words)] }] });
const list = (...notes: unknown[]) => ({ type: "footnotes", content: notes });
const p = (...content: unknown[]) => ({ type: "paragraph", content });

const stateOf = (json: unknown) => EditorState.create({ schema, doc: schema.nodeFromJSON(json) });
const ordered = (json: unknown) => {
  const state = stateOf(json);
  const tr = state.tr;
  orderFootnotes(schema, tr);
  tr.doc.check();
  return tr.doc;
};
const refIds = (doc: ReturnType<typeof ordered>) => {
  const ids: string[] = [];
  doc.descendants((n) => {
    if (n.type.name === "footnoteReference") ids.push(n.attrs.id);
  });
  return ids;
};
const notesOf = (doc: ReturnType<typeof ordered>) => {
  const out: { id: string; text: string }[] = [];
  doc.forEach((block) => {
    if (block.type.name !== "footnotes") return;
    block.forEach((n) => {
      out.push({ id: n.attrs.id, text: n.textContent });
    });
  });
  return out;
};

describe("footnote order", () => {
  it("puts the notes in the references' order, drops a note whose reference is gone and adds one for a new reference", () => {
    const doc = ordered({ type: "doc", content: [p(text("b"), ref("b"), text(" a"), ref("a"), text(" c"), ref("c")), list(note("a", "note a"), note("x", "orphan"), note("b", "note b"))] });
    expect(notesOf(doc)).toEqual([
      { id: "b", text: "note b" },
      { id: "a", text: "note a" },
      { id: "c", text: "" },
    ]);
    expect(doc.lastChild!.type.name).toBe("footnotes");
  });

  it("gives a copied reference its own id and a copy of the note; a list in the middle moves to the end; no references, no list", () => {
    const doc = ordered({ type: "doc", content: [p(text("x"), ref("a")), list(note("a", "the note")), p(text("y"), ref("a"))] });
    const ids = refIds(doc);
    expect(ids[0]).toBe("a");
    expect(ids[1]).not.toBe("a");
    expect(notesOf(doc)).toEqual([
      { id: "a", text: "the note" },
      { id: ids[1], text: "the note" },
    ]);
    expect(doc.lastChild!.type.name).toBe("footnotes");
    const none = ordered({ type: "doc", content: [p(text("x")), list(note("a", "gone"))] });
    expect(notesOf(none)).toEqual([]);
    expect(none.childCount).toBe(1);
  });

  it("inserting a footnote puts its note where its reference falls and the cursor in it", () => {
    const state = stateOf({ type: "doc", content: [p(text("one"), ref("a"), text(" two")), list(note("a", "first"))] });
    // Cursor after "one" (before the existing reference): the new note comes first.
    const tr = state.tr.setSelection(TextSelection.create(state.doc, 4));
    expect(insertFootnote(schema, tr)).toBe(true);
    const notes = notesOf(tr.doc);
    expect(notes.map((n) => n.text)).toEqual(["", "first"]);
    expect(tr.selection.$from.parent.type.name).toBe("paragraph");
    expect(tr.selection.$from.node(tr.selection.$from.depth - 1).attrs.id).toBe(notes[0]!.id);
  });

  it("property: any arrangement of references and notes ends as one list, last, with one note per reference in order, kept text kept; a second pass changes nothing", () => {
    const id = fc.constantFrom("a", "b", "c", "d", "e");
    fc.assert(
      fc.property(
        fc.array(fc.oneof(id.map((i) => ({ kind: "ref" as const, id: i })), fc.string({ maxLength: 6 }).map((s) => ({ kind: "text" as const, s }))), { maxLength: 12 }),
        fc.array(fc.array(fc.record({ id, words: fc.stringMatching(/^[a-z]{1,6}$/) }), { minLength: 1, maxLength: 4 }), { maxLength: 3 }),
        fc.nat({ maxLength: 3 } as never),
        (inline, lists, where) => {
          const paragraph = p(...inline.map((x) => (x.kind === "ref" ? ref(x.id) : x.s ? text(x.s) : null)).filter(Boolean));
          const blocks: unknown[] = [paragraph, p(text("end"))];
          lists.forEach((l, i) => {
            blocks.splice(Math.min(blocks.length, (where + i) % (blocks.length + 1)), 0, list(...l.map((n) => note(n.id, n.words))));
          });
          const doc = ordered({ type: "doc", content: blocks });
          const refs = refIds(doc);
          const notes = notesOf(doc);
          expect(new Set(refs).size).toBe(refs.length);
          expect(notes.map((n) => n.id)).toEqual(refs);
          let listCount = 0;
          doc.forEach((b) => {
            if (b.type.name === "footnotes") listCount++;
          });
          expect(listCount).toBe(refs.length ? 1 : 0);
          if (refs.length) expect(doc.lastChild!.type.name).toBe("footnotes");
          // The first note of an id that a reference keeps keeps its words.
          const firstWords = new Map<string, string>();
          for (const b of blocks as { type: string; content: { attrs: { id: string }; content: { content: { text: string }[] }[] }[] }[]) {
            if (b.type !== "footnotes") continue;
            for (const n of b.content) if (!firstWords.has(n.attrs.id)) firstWords.set(n.attrs.id, n.content[0]!.content[0]!.text);
          }
          const firstRefs = new Set<string>();
          for (const x of inline) if (x.kind === "ref" && !firstRefs.has(x.id)) {
            firstRefs.add(x.id);
            expect(notes.find((n) => n.id === x.id)?.text).toBe(firstWords.get(x.id) ?? "");
          }
          const again = EditorState.create({ schema, doc }).tr;
          orderFootnotes(schema, again);
          expect(again.steps.length).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });
});
