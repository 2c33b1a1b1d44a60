// Drawing only the paragraphs that changed must show what drawing them all would: random edit
// sequences with a check (and an incremental draw) after some of them end with the same marks
// as a fresh draw of the whole document.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Slice } from "@tiptap/pm/model";
import { EditorState, type Transaction } from "@tiptap/pm/state";
import { DecorationSet } from "@tiptap/pm/view";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../shared/editor/schema";
import { proseBlocks } from "./blocks";
import type { Checker } from "./checker";
import { ParagraphCache } from "./paragraph-cache";
import { createGrammarPlugin, drawMarks, grammarKey } from "./plugin";
import type { Problem } from "./types";

const schema = documentSchema();
const personal = { words: new Set<string>(), ignored: new Set<string>() };

/** A checker that flags every "teh". */
function check(text: string): Problem[] {
  return [...text.matchAll(/\bteh\b/g)].map((m) => ({
    start: m.index,
    end: m.index + 3,
    rule: "SpellCheck",
    kind: "Spelling",
    message: "",
    original: "teh",
    candidates: ["the"],
  }));
}

const marks = (set: DecorationSet | null | undefined) =>
  (set ?? DecorationSet.empty)
    .find()
    .map((d) => `${d.from}-${d.to}`)
    .sort();

type Op = { kind: "type" | "delete" | "split" | "join"; at: number; word: string; checkAfter: boolean; remote: boolean };

/**
 * `tr` as the live binding applies a collaborator's change: the whole document replaced by
 * its new rendering, unchanged nodes being the same objects.
 */
function asRemote(state: EditorState, tr: Transaction): Transaction {
  return state.tr.replace(0, state.doc.content.size, new Slice(tr.doc.content, 0, 0)).setMeta("y-sync$", { isChangeOrigin: true });
}

function textblocks(doc: PmNode): { from: number; to: number }[] {
  const out: { from: number; to: number }[] = [];
  doc.descendants((node, pos) => {
    if (node.isTextblock) out.push({ from: pos + 1, to: pos + 1 + node.content.size });
    return !node.isTextblock;
  });
  return out;
}

function edit(state: EditorState, op: Op): Transaction | null {
  const blocks = textblocks(state.doc);
  const block = blocks[op.at % blocks.length];
  if (!block) return null;
  const { from, to } = block;
  const pos = from + (op.at % (to - from + 1));
  switch (op.kind) {
    case "type":
      return state.tr.insertText(op.word, pos);
    case "delete":
      return to > from ? state.tr.delete(from, Math.min(to, from + 2)) : null;
    case "split":
      return state.tr.split(pos);
    case "join": {
      const before = state.doc.resolve(from).before();
      return before > 0 && state.doc.resolve(before).nodeBefore?.isTextblock ? state.tr.join(before) : null;
    }
  }
}

describe("grammar marks drawn paragraph by paragraph", () => {
  it("end up as a full draw would draw them", () => {
    const checker = { check: async () => [] } as unknown as Checker;
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("teh cat", "a dog", "teh", "plain words here"), { minLength: 1, maxLength: 6 }),
        fc.array(
          fc.record({
            kind: fc.constantFrom<Op["kind"]>("type", "type", "delete", "split", "join"),
            at: fc.nat(40),
            word: fc.constantFrom(" teh", "teh ", "x", " and", "h"),
            checkAfter: fc.boolean(),
            remote: fc.boolean(),
          }),
          { maxLength: 20 },
        ),
        (texts, ops) => {
          const plugin = createGrammarPlugin({ checker, cache: new ParagraphCache(), personal: () => personal, onOpen: () => {} });
          const doc = schema.nodeFromJSON({ type: "doc", content: texts.map((t) => ({ type: "paragraph", content: [{ type: "text", text: t }] })) });
          let state = EditorState.create({ schema, doc, plugins: [plugin] });
          const cache = new ParagraphCache();
          const drawn = new WeakSet<PmNode>();
          const checkAndDraw = () => {
            for (const b of proseBlocks(state.doc)) if (!cache.has(b.text)) cache.set(b.text, check(b.text));
            const set = drawMarks(state.doc, grammarKey.getState(state) ?? DecorationSet.empty, drawn, cache, personal);
            if (set) state = state.apply(state.tr.setMeta(grammarKey, set));
          };
          checkAndDraw();
          for (const op of ops) {
            const tr = edit(state, op);
            if (tr) state = state.apply(op.remote ? asRemote(state, tr) : tr);
            if (op.checkAfter) checkAndDraw();
          }
          checkAndDraw();
          const full = drawMarks(state.doc, DecorationSet.empty, new WeakSet(), cache, personal, true);
          expect(marks(grammarKey.getState(state))).toEqual(marks(full));
        },
      ),
      {
        numRuns: 200,
        examples: [
          // A collaborator's empty paragraph before a marked one that follows an empty one: the
          // changed range starts inside the marked paragraph, whose marks were drawn twice.
          [
            ["teh cat"],
            [
              { kind: "split", at: 0, word: " teh", checkAfter: false, remote: false },
              { kind: "type", at: 15, word: " teh", checkAfter: true, remote: false },
              { kind: "split", at: 0, word: " teh", checkAfter: false, remote: true },
            ],
          ],
        ],
      },
    );
  });

  it("keeps the marks of paragraphs a collaborator did not change", () => {
    const checker = { check: async () => [] } as unknown as Checker;
    const plugin = createGrammarPlugin({ checker, cache: new ParagraphCache(), personal: () => personal, onOpen: () => {} });
    const doc = schema.nodeFromJSON({
      type: "doc",
      content: ["teh one", "two", "teh three"].map((t) => ({ type: "paragraph", content: [{ type: "text", text: t }] })),
    });
    let state = EditorState.create({ schema, doc, plugins: [plugin] });
    const cache = new ParagraphCache();
    for (const b of proseBlocks(state.doc)) cache.set(b.text, check(b.text));
    state = state.apply(state.tr.setMeta(grammarKey, drawMarks(state.doc, DecorationSet.empty, new WeakSet(), cache, personal)));
    expect(marks(grammarKey.getState(state))).toEqual(["1-4", "15-18"]);
    // A collaborator types "x" at the end of the second paragraph: both marks stay, the second moved by one.
    state = state.apply(asRemote(state, state.tr.insertText("x", 13)));
    expect(marks(grammarKey.getState(state))).toEqual(["1-4", "16-19"]);
  });

  it("leaves a paragraph's marks alone when another paragraph is typed in", () => {
    const checker = { check: async () => [] } as unknown as Checker;
    const plugin = createGrammarPlugin({ checker, cache: new ParagraphCache(), personal: () => personal, onOpen: () => {} });
    const doc = schema.nodeFromJSON({
      type: "doc",
      content: ["teh one", "two"].map((t) => ({ type: "paragraph", content: [{ type: "text", text: t }] })),
    });
    let state = EditorState.create({ schema, doc, plugins: [plugin] });
    const cache = new ParagraphCache();
    for (const b of proseBlocks(state.doc)) cache.set(b.text, check(b.text));
    const set = drawMarks(state.doc, DecorationSet.empty, new WeakSet(), cache, personal);
    state = state.apply(state.tr.setMeta(grammarKey, set));
    expect(marks(grammarKey.getState(state))).toEqual(["1-4"]);
    // Typing in the second paragraph keeps the first one's mark; typing in the first drops it until the next check.
    state = state.apply(state.tr.insertText("s", state.doc.content.size - 1));
    expect(marks(grammarKey.getState(state))).toEqual(["1-4"]);
    state = state.apply(state.tr.insertText("!", 8));
    expect(marks(grammarKey.getState(state))).toEqual([]);
  });
});
