// A commenter's keystrokes in Suggesting mode, as their editor writes them (the real tracking
// plugin and y-prosemirror), checked by the live server one change at a time. The server
// checks a keystroke while the ones before it may still be on their way into the document
// (logged, not yet applied): `lag` is how many. Whatever Suggesting mode writes is let in at
// any lag, and the document ends as the commenter's copy; a keystroke that changes the text
// itself is refused.
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../shared/editor/suggestion-names.js";
import { splitBlock } from "@tiptap/pm/commands";
import { splitListItem } from "@tiptap/pm/schema-list";
import { leaveList } from "../../shared/editor/suggesting-tracking.js";
import { Fragment, Slice } from "@tiptap/pm/model";
import { withoutSuggestions } from "../../shared/editor/without-suggestions.js";
import { SUGGESTED_BREAK, suggestedBreakOf } from "../../shared/editor/suggested-break.js";
import { reviewCommentOnly } from "./comment-only.js";
import { reviewChange } from "./ingress.js";
import { type SuggestingEditor, suggestingEditor } from "./suggesting-editor.test-util.js";
import { contentOf, ydocFromContent } from "./ydoc.js";

const COMMENTER = { id: "cora", name: "Cora Commenter" };
const ORIGINAL = "Apples are red and pears are green.";

/** The server's copy and the commenter's editor; `deliver` checks and applies what the editor sent. */
function session(blocks: string[] = [ORIGINAL]) {
  const server = ydocFromContent({ type: "doc", content: blocks.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });
  const device = new Y.Doc();
  Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
  const sent: Uint8Array[] = [];
  device.on("update", (u: Uint8Array) => sent.push(u));
  let n = 0;
  const editor = suggestingEditor(device, COMMENTER, () => `s${++n}`);
  sent.length = 0;
  /** Changes let in, not applied yet (oldest first). */
  const ahead: Uint8Array[] = [];
  return {
    server,
    device,
    editor,
    /** The changes sent since the last call, one per keystroke. */
    take: () => sent.splice(0),
    /** Checks each change sent since the last call with up to `lag` earlier ones still on their way; the refusals' reasons ("" when let in). */
    deliver(lag: number): string[] {
      const verdicts: string[] = [];
      for (const update of sent.splice(0)) {
        const refusal = reviewCommentOnly(server, update, COMMENTER.id, [...ahead]);
        verdicts.push(refusal?.reason ?? "");
        if (refusal) continue;
        ahead.push(update);
        while (ahead.length > lag) Y.applyUpdate(server, ahead.shift()!);
      }
      return verdicts;
    },
    settle() {
      for (const update of ahead.splice(0)) Y.applyUpdate(server, update);
    },
  };
}

const pieces = (doc: Y.Doc, mark: string) =>
  (contentOf(doc).content![0]!.content ?? []).filter((n) => n.marks?.some((m) => m.type === mark)).map((n) => n.text);

const selectWord = (editor: SuggestingEditor, word: string) => editor.select(editor.find(word), editor.find(word) + word.length);

/** Text positions of the first paragraph whose character after is not the commenter's own suggested word (the text they may not change). */
function othersText(editor: SuggestingEditor): number[] {
  const out: number[] = [];
  editor.state().doc.child(0).forEach((node, offset) => {
    const own = node.marks.some((m) => m.type.name === SUGGESTION_INSERT && m.attrs.author === COMMENTER.id);
    if (!own) for (let i = 0; i < node.nodeSize; i++) out.push(1 + offset + i);
  });
  return out;
}

type Edit =
  | { kind: "type"; at: number; text: string }
  | { kind: "replace"; at: number; span: number; text: string }
  | { kind: "strike"; at: number; span: number }
  | { kind: "backspace"; at: number; times: number };

const text = fc.string({ unit: fc.constantFrom("a", "b", " ", ".", "é"), minLength: 1, maxLength: 4 });
const edit: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant("type" as const), at: fc.nat(), text }),
  fc.record({ kind: fc.constant("replace" as const), at: fc.nat(), span: fc.integer({ min: 1, max: 8 }), text }),
  fc.record({ kind: fc.constant("strike" as const), at: fc.nat(), span: fc.integer({ min: 1, max: 8 }) }),
  fc.record({ kind: fc.constant("backspace" as const), at: fc.nat(), times: fc.integer({ min: 1, max: 4 }) }),
);

/** Makes `e` in the first paragraph, caret positions taken modulo its length (its start and end included). */
function make(editor: SuggestingEditor, e: Edit): void {
  const size = editor.state().doc.child(0).content.size;
  const at = 1 + (e.at % (size + 1));
  const to = "span" in e ? Math.min(1 + size, at + e.span) : at;
  editor.select(at, to);
  if (e.kind === "type" || e.kind === "replace") editor.type(e.text);
  else if (e.kind === "strike") editor.backspace();
  else editor.backspace(Math.min(e.times, at - 1));
}

describe("a commenter's suggesting keystrokes on the live server", () => {
  it("lets in a paragraph's first word typed over while the keystroke before is still on its way", () => {
    for (const lag of [0, 1, 2]) {
      const s = session();
      selectWord(s.editor, "Apples");
      s.editor.type("Ripe apples");
      // The space after "Ripe" moves the end of the suggestion's mark: read without the "e"
      // before it, that looked like the rest of the paragraph becoming the commenter's own.
      expect(s.deliver(lag)).toEqual(Array(11).fill(""));
      s.settle();
      expect(pieces(s.server, SUGGESTION_INSERT)).toEqual(["Ripe apples"]);
      expect(pieces(s.server, SUGGESTION_DELETE)).toEqual(["Apples"]);
      expect(contentOf(s.server)).toEqual(contentOf(s.device));
    }
  });

  it("lets in Enter as a suggested paragraph break and the words typed after it, and refuses a plain one or one in another name", () => {
    // The schema's check of each change, as the live server makes it first.
    const checked = session();
    checked.editor.select(checked.editor.find("and"));
    splitBlock(checked.editor.state(), (tr) => checked.editor.apply(tr));
    checked.editor.type("Also ");
    for (const update of checked.take()) expect(reviewChange(checked.server, update).refusal).toBeNull();
    const s = session();
    s.editor.select(s.editor.find("and"));
    splitBlock(s.editor.state(), (tr) => s.editor.apply(tr));
    s.editor.type("Also ");
    expect(s.deliver(1)).toEqual(Array(6).fill(""));
    s.settle();
    const content = contentOf(s.server).content!;
    expect(content).toHaveLength(2);
    expect(suggestedBreakOf(content[1]!.attrs)).toMatchObject({ author: COMMENTER.id, authorName: COMMENTER.name });
    expect(contentOf(s.server)).toEqual(contentOf(s.device));
    // A split that is not a suggestion (the tracking let it through as a co-editor's), and a break in someone else's name.
    const plain = session();
    plain.editor.select(plain.editor.find("and"));
    plain.editor.apply(plain.editor.state().tr.split(plain.editor.find("and")).setMeta(ySyncPluginKey, {}));
    expect(plain.deliver(0)).toEqual(["Commenters can comment and suggest but not change the text."]);
    const other = session();
    const tr = other.editor.state().tr.split(other.editor.find("and")).setMeta(ySyncPluginKey, {});
    const at = tr.doc.child(0).nodeSize;
    tr.setNodeAttribute(at, SUGGESTED_BREAK, { id: "s9", group: "s9", author: "owner-1", authorName: "Owen", createdAt: "2026-11-27T03:00:00.000Z" });
    other.editor.apply(tr);
    expect(other.deliver(0)).toEqual(["Commenters can comment and suggest but not change the text."]);
  });

  it("lets in paragraphs pasted over a word and at a paragraph's start, each after a suggested break", () => {
    for (const at of ["red", "Apples"]) {
      const s = session([ORIGINAL, "Plums are blue."]);
      const { schema } = s.editor.state();
      const pasted = new Slice(Fragment.fromArray(["ripe ", "and sweet", "and "].map((text) => schema.nodeFromJSON({ type: "paragraph", content: [{ type: "text", text }] }))), 1, 1);
      if (at === "red") selectWord(s.editor, "red");
      else s.editor.select(s.editor.find("Apples"));
      s.editor.apply(s.editor.state().tr.replaceSelection(pasted));
      // Checked as the schema's check and the commenter's check each see it.
      for (const update of s.take()) {
        expect(reviewChange(s.server, update).refusal).toBeNull();
        expect(reviewCommentOnly(s.server, update, COMMENTER.id)).toBeNull();
        Y.applyUpdate(s.server, update);
      }
      const blocks = contentOf(s.server).content!;
      expect(blocks).toHaveLength(4);
      expect(blocks.map((b) => suggestedBreakOf(b.attrs)?.author ?? null)).toEqual([null, COMMENTER.id, COMMENTER.id, null]);
      expect(withoutSuggestions(contentOf(s.server))).toEqual(withoutSuggestions(contentOf(session([ORIGINAL, "Plums are blue."]).server)));
    }
  });

  it("lets in Enter twice at a list's end (a suggested item, then a suggested paragraph after the list) and the words typed there", () => {
    const server = ydocFromContent({
      type: "doc",
      content: [
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Apples" }] }] }] },
        { type: "paragraph", content: [{ type: "text", text: "Pears" }] },
      ],
    });
    const device = new Y.Doc();
    Y.applyUpdate(device, Y.encodeStateAsUpdate(server));
    const editor = suggestingEditor(device, COMMENTER);
    const sent: Uint8Array[] = [];
    device.on("update", (u: Uint8Array) => sent.push(u));
    editor.select(1 + 2 + "Apples".length);
    splitListItem(editor.state().schema.nodes.listItem!)(editor.state(), (tr) => editor.apply(tr));
    editor.apply(leaveList(editor.state(), COMMENTER)!);
    editor.type("Then");
    expect(sent.length).toBeGreaterThan(2);
    for (const update of sent) {
      expect(reviewChange(server, update).refusal).toBeNull();
      expect(reviewCommentOnly(server, update, COMMENTER.id)).toBeNull();
      Y.applyUpdate(server, update);
    }
    const blocks = contentOf(server).content!;
    expect(blocks.map((b) => b.type)).toEqual(["bulletList", "paragraph", "paragraph"]);
    expect(suggestedBreakOf(blocks[1]!.attrs)).toMatchObject({ author: COMMENTER.id });
  });

  it("refuses plain text typed after a suggestion, whether or not the keystroke before it has arrived", () => {
    const s = session();
    selectWord(s.editor, "Apples");
    s.editor.type("Ri");
    const at = s.editor.find("Ri") + 2;
    s.editor.apply(s.editor.state().tr.insert(at, s.editor.state().schema.text("Z")).setMeta(ySyncPluginKey, {}));
    const [r, i, z] = s.take() as [Uint8Array, Uint8Array, Uint8Array];
    expect(reviewCommentOnly(s.server, r, COMMENTER.id)).toBeNull();
    Y.applyUpdate(s.server, r);
    // "i" still on its way: read on top of it.
    expect(reviewCommentOnly(s.server, i, COMMENTER.id)).toBeNull();
    expect(reviewCommentOnly(s.server, z, COMMENTER.id, [i])?.reason).toBe("Commenters can comment and suggest but not change the text.");
    // "i" never came: what builds on it cannot be read, so it is not let in to join the text later.
    expect(reviewCommentOnly(s.server, z, COMMENTER.id)?.reason).toBe("The change builds on text the server does not have.");
  });

  it("lets in any run of suggesting edits, at any lag, and ends with the commenter's copy", () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 10 }), fc.integer({ min: 0, max: 3 }), (edits, lag) => {
        const s = session();
        for (const e of edits) {
          make(s.editor, e);
          for (const reason of s.deliver(lag)) expect(reason).toBe("");
        }
        s.settle();
        expect(contentOf(s.server)).toEqual(contentOf(s.device));
      }),
      { numRuns: 150 },
    );
  });

  it("refuses an unmarked change to the others' text after any run of suggesting edits, at any lag", () => {
    const unmarked = fc.record({ kind: fc.constantFrom("insert", "delete", "bold"), at: fc.nat() });
    fc.assert(
      fc.property(fc.array(edit, { maxLength: 8 }), unmarked, fc.integer({ min: 0, max: 3 }), (edits, bad, lag) => {
        const s = session();
        for (const e of edits) {
          make(s.editor, e);
          s.deliver(lag);
        }
        const state = s.editor.state();
        const others = othersText(s.editor);
        const pos = others[bad.at % others.length]!;
        const tr = state.tr.setMeta(ySyncPluginKey, {});
        if (bad.kind === "insert") tr.insert(pos, state.schema.text("Z"));
        else if (bad.kind === "delete") tr.delete(pos, pos + 1);
        else tr.addMark(pos, pos + 1, state.schema.marks.bold!.create());
        s.editor.apply(tr);
        const verdicts = s.deliver(lag);
        expect(verdicts).toHaveLength(1);
        expect(verdicts[0]).not.toBe("");
      }),
      { numRuns: 150 },
    );
  });
});
