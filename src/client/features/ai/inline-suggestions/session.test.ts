// The streaming applier against the real document schema: an answer cut at every position
// (mid-word, mid-markup) leaves a valid document showing only whole words of the answer,
// with no stray markup; the finished answer accepted reads as the answer and rejected as the
// original, formatting of unchanged words kept.
import { EditorState, TextSelection } from "@tiptap/pm/state";
import { beforeAll, describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../../../shared/editor/suggestion-marks";
import { loadMarkdownParser } from "../../../../shared/markdown/load-parser";
import { resolveSuggestions } from "../../../lib/suggestions/resolve";
import { renderOnce, SuggestionSession } from "./session";

beforeAll(() => loadMarkdownParser());

const schema = () => documentSchema();
const t = (text: string, marks: string[] = []) => ({ type: "text", text, ...(marks.length ? { marks: marks.map((type) => ({ type })) } : {}) });
const p = (...content: object[]) => ({ type: "paragraph", content });

function stateOf(...blocks: object[]): EditorState {
  const doc = schema().nodeFromJSON({ type: "doc", content: blocks });
  return EditorState.create({ doc, schema: schema(), selection: TextSelection.create(doc, 1) });
}

/** The range of all text (what Ctrl+A selects). */
const all = (s: EditorState) => ({ from: 1, to: s.doc.content.size - 1 });
const text = (s: EditorState) => s.doc.textBetween(0, s.doc.content.size, "\n\n", " ");

function decide(s: EditorState, decision: "accept" | "reject"): EditorState {
  const tr = s.tr;
  resolveSuggestions(tr, () => true, decision);
  return s.apply(tr);
}

/** Text shown as inserted so far (each text node with the insert mark, joined by "|"). */
function inserted(s: EditorState): string {
  const out: string[] = [];
  s.doc.descendants((n) => {
    if (n.isText && n.marks.some((m) => m.type.name === SUGGESTION_INSERT)) out.push(n.text!);
  });
  return out.join("|");
}

const words = (s: string) => s.match(/[\p{L}\p{N}']+/gu) ?? [];

describe("inline suggestions", () => {
  it("marks a replacement word by word, keeping the formatting of unchanged words", () => {
    const s = stateOf(p(t("We has "), t("many", ["bold"]), t(" reason to go.")));
    const r = renderOnce(s, all(s), "We have many reasons to go.");
    expect(r.changes).toBe(2);
    const struck: string[] = [];
    r.state.doc.descendants((n) => {
      if (n.isText && n.marks.some((m) => m.type.name === SUGGESTION_DELETE)) struck.push(n.text!);
    });
    expect(struck).toEqual(["has", "reason"]);
    expect(inserted(r.state)).toBe("have|reasons");
    const accepted = decide(r.state, "accept");
    expect(text(accepted)).toBe("We have many reasons to go.");
    expect(accepted.doc.toJSON().content[0].content).toContainEqual(t("many", ["bold"]));
    expect(text(decide(r.state, "reject"))).toBe("We has many reason to go.");
  });

  it("adds and removes whole paragraphs, and turns a paragraph into a list as suggested blocks", () => {
    const s = stateOf(p(t("First one.")), p(t("Second one.")));
    const added = renderOnce(s, all(s), "First one.\n\nSecond one.\n\nThird one.");
    expect(text(decide(added.state, "accept"))).toBe("First one.\n\nSecond one.\n\nThird one.");
    expect(decide(added.state, "reject").doc.eq(s.doc)).toBe(true);
    const removed = renderOnce(s, all(s), "First one.");
    expect(decide(removed.state, "accept").doc.childCount).toBe(1);
    expect(decide(removed.state, "reject").doc.eq(s.doc)).toBe(true);

    const one = stateOf(p(t("Apples, pears and plums.")));
    const list = renderOnce(one, all(one), "- Apples\n- Pears\n- Plums");
    const accepted = decide(list.state, "accept");
    expect(accepted.doc.firstChild!.type.name).toBe("bulletList");
    expect(accepted.doc.childCount).toBe(1);
    expect(decide(list.state, "reject").doc.eq(one.doc)).toBe(true);
  });

  it("shows no change when the proposal equals the text", () => {
    const s = stateOf(p(t("Nothing to change here.")));
    const r = renderOnce(s, all(s), "Nothing to change here.");
    expect(r.changes).toBe(0);
    expect(r.state.doc.eq(s.doc)).toBe(true);
  });

  const ORIGINAL = [p(t("The report was wrote in a hurry, and it ")), p(t("shows", ["italic"]), t(" in every paragraph."))];
  const ANSWER = "The report was **written** in haste, and it shows in `every` paragraph of [the draft](https://example.com).\n\nIt needs a second pass.";

  it("streams an answer cut at every position into a valid document of whole words, then accepts or rejects it", () => {
    const answerWords = new Set(words(ANSWER));
    for (let cut = 0; cut <= ANSWER.length; cut++) {
      let state = stateOf(...ORIGINAL);
      const session = new SuggestionSession({ state: () => state, dispatch: (tr) => (state = state.apply(tr)) }, all(state));
      // Two chunks: everything up to the cut, then the rest (each step renders what is safe).
      session.update(ANSWER.slice(0, cut));
      state.doc.check();
      const shown = inserted(state);
      expect(shown).not.toMatch(/[*`[\]]/);
      // Whole words only: a half word ("writ") is not a word of the answer.
      for (const word of words(shown)) expect(answerWords.has(word), `${word} at ${cut}`).toBe(true);
      session.update(ANSWER);
      state.doc.check();
      session.finish(ANSWER);
      state.doc.check();
      expect(text(decide(state, "accept"))).toBe("The report was written in haste, and it shows in every paragraph of the draft.\n\nIt needs a second pass.");
      expect(decide(state, "reject").doc.eq(stateOf(...ORIGINAL).doc)).toBe(true);
    }
  });

  it("a cancelled stream leaves the document as it was", () => {
    let state = stateOf(...ORIGINAL);
    const before = state.doc;
    const session = new SuggestionSession({ state: () => state, dispatch: (tr) => (state = state.apply(tr)) }, all(state));
    session.update(ANSWER.slice(0, 40));
    expect(state.doc.eq(before)).toBe(false);
    session.cancel();
    expect(state.doc.eq(before)).toBe(true);
  });
});

describe("a continuation", () => {
  it("is suggested at the insertion point, after a space when it follows a word", () => {
    const s = stateOf(p(t("The end.")));
    const at = s.doc.content.size - 1;
    const r = renderOnce(s, { from: at, to: at }, "And then more.");
    expect(r.changes).toBe(1);
    expect(text(decide(r.state, "accept"))).toBe("The end. And then more.");
    expect(decide(r.state, "reject").doc.eq(s.doc)).toBe(true);
    const two = renderOnce(s, { from: at, to: at }, "More.\n\nAnother paragraph.");
    expect(text(decide(two.state, "accept"))).toContain("Another paragraph.");
    expect(decide(two.state, "reject").doc.eq(s.doc)).toBe(true);
  });
});

describe("grammar changes", () => {
  it("a sure fix is a plain suggestion; one with several candidates is a choice with the checker's message", async () => {
    const { grammarEdits } = await import("./grammar-edits");
    const { listChanges } = await import("./read");
    const { chooseOption } = await import("../../../lib/suggestions/resolve");
    const s = stateOf(p(t("This is an test of apprtunites.")));
    const edits = grammarEdits([
      { original: "an", replacement: "a", message: "Use “a” before a consonant sound.", kind: "grammar", offset: 8, certain: true },
      { original: "apprtunites", replacement: "opportunities", suggestions: ["opportunities", "appetites"], message: "Did you mean…?", kind: "spelling", offset: 19, certain: false },
    ]);
    const r = renderOnce(s, all(s), "This is a test of opportunities.", edits);
    const changes = listChanges(r.state.doc);
    expect(changes.map((c) => [c.removed, c.inserted, c.options])).toEqual([
      ["an", "a", null],
      ["apprtunites", "opportunities", ["opportunities", "appetites"]],
    ]);
    expect(changes[1]!.message).toBe("Did you mean…?");
    const tr = r.state.tr;
    chooseOption(tr, changes[1]!.id, "appetites");
    const chosen = r.state.apply(tr);
    // The chosen candidate is in, the other change still pending.
    expect(listChanges(chosen.doc).map((c) => c.inserted)).toEqual(["a"]);
    expect(text(decide(chosen, "accept"))).toBe("This is a test of appetites.");
  });
});
