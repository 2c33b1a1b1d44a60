// The one-block path must leave the live document exactly as the library's own diff would:
// random edit sequences, each transaction written both ways into two Yjs documents, must give
// the same ProseMirror document back from each.
import { EditorState, TextSelection, type Transaction } from "@tiptap/pm/state";
import type { NodeType, Node as PMNode } from "@tiptap/pm/model";
import { updateYFragment, yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { documentSchema } from "../../../shared/editor/schema";
import { topLevelChange, writeLocalChange } from "./binding-fast-path";

const schema = documentSchema();
const headingType: NodeType = schema.nodes.heading ?? (() => {
  throw new Error("the schema has headings");
})();
const WORDS = ["alpha", "beta", "gamma", "delta", "river", "stone", "light"];

function startDoc(texts: string[]): PMNode {
  return schema.nodeFromJSON({
    type: "doc",
    content: [
      ...texts.map((t, i) => ({
        type: i % 3 === 2 ? "heading" : "paragraph",
        ...(i % 3 === 2 ? { attrs: { level: 2 } } : {}),
        content: t ? [{ type: "text", text: t }] : [],
      })),
      { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "item" }] }] }] },
    ],
  });
}

type Op = { kind: "type" | "delete" | "bold" | "split" | "join" | "heading" | "drop"; at: number; len: number; word: number };

/** A random textblock's inner range, picked by `at`. */
function textblockAt(doc: PMNode, at: number): { from: number; to: number } {
  const blocks: { from: number; to: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) blocks.push({ from: pos + 1, to: pos + 1 + node.content.size });
    return !node.isTextblock;
  });
  const block = blocks[at % blocks.length];
  if (!block) throw new Error("a document without a textblock");
  return block;
}

function apply(state: EditorState, op: Op): Transaction | null {
  const { from, to } = textblockAt(state.doc, op.at);
  const pos = from + (op.len % (to - from + 1));
  const tr = state.tr;
  switch (op.kind) {
    case "type":
      return tr.insertText(` ${WORDS[op.word % WORDS.length]}`, pos);
    case "delete":
      return to > from ? tr.delete(from, Math.min(to, from + 1 + (op.len % (to - from)))) : null;
    case "bold":
      return to > from ? tr.addMark(from, Math.min(to, from + 1 + (op.len % (to - from))), schema.mark("bold")) : null;
    case "split":
      return tr.split(pos);
    case "join": {
      const $from = state.doc.resolve(from);
      const before = $from.before();
      return before > 0 && state.doc.resolve(before).nodeBefore?.isTextblock ? tr.join(before) : null;
    }
    case "heading":
      return tr.setSelection(TextSelection.create(tr.doc, from)).setBlockType(from, from, headingType, { level: 3 });
    case "drop": {
      const $from = state.doc.resolve(from);
      return state.doc.childCount > 1 && $from.depth === 1 ? tr.delete($from.before(), $from.after()) : null;
    }
  }
}

const opArb = fc.record({
  kind: fc.constantFrom<Op["kind"]>("type", "type", "type", "delete", "bold", "split", "join", "heading", "drop"),
  at: fc.nat(50),
  len: fc.nat(50),
  word: fc.nat(10),
});

function bound(doc: PMNode) {
  const ydoc = new Y.Doc();
  const type = ydoc.getXmlFragment("body");
  const meta = { mapping: new Map(), isOMark: new Map() };
  ydoc.transact(() => updateYFragment(ydoc, type, doc, meta));
  return { ydoc, type, meta };
}

describe("the live binding's one-block path", () => {
  it("writes every edit as the library's diff does", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...WORDS, ""), { minLength: 1, maxLength: 8 }), fc.array(opArb, { maxLength: 25 }), (texts, ops) => {
        let state = EditorState.create({ schema, doc: startDoc(texts) });
        const fast = bound(state.doc);
        const library = bound(state.doc);
        for (const op of ops) {
          const tr = apply(state, op);
          if (!tr || !tr.docChanged) continue;
          state = state.apply(tr);
          fast.ydoc.transact(() => writeLocalChange(fast.ydoc, fast.type, state.doc, fast.meta));
          library.ydoc.transact(() => updateYFragment(library.ydoc, library.type, state.doc, library.meta));
          expect(yXmlFragmentToProsemirrorJSON(fast.type)).toEqual(yXmlFragmentToProsemirrorJSON(library.type));
          expect(schema.nodeFromJSON(yXmlFragmentToProsemirrorJSON(fast.type)).eq(state.doc)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("takes a keystroke in one block as a one-block change, and a new block as something else", () => {
    let state = EditorState.create({ schema, doc: startDoc(["alpha", "beta", "gamma"]) });
    const { type, meta } = bound(state.doc);
    state = state.apply(state.tr.insertText("x", 2));
    const change = topLevelChange(type, state.doc, meta.mapping);
    expect(change.kind).toBe("one");
    state = state.apply(state.tr.split(3));
    expect(topLevelChange(type, state.doc, meta.mapping).kind).toBe("other");
  });
});
