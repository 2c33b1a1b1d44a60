import { EditorState, TextSelection } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { dismissSlashMenu, nextSlashState, type SlashState } from "./slash-plugin";

const CLOSED: SlashState = { active: false, query: "", from: 0, to: 0 };

/** A document of paragraphs, the caret at the end of the last one. */
function stateWith(...paragraphs: string[]) {
  const schema = documentSchema();
  const doc = schema.node(
    "doc",
    null,
    paragraphs.map((t) => schema.node("paragraph", null, t ? [schema.text(t)] : [])),
  );
  return EditorState.create({ doc, selection: TextSelection.atEnd(doc) });
}

describe("nextSlashState", () => {
  it("opens when a slash is typed at the start of a line and follows the filter", () => {
    const s0 = stateWith("Hello", "");
    const tr = s0.tr.insertText("/");
    const open = nextSlashState(tr, CLOSED, s0.apply(tr));
    expect(open).toMatchObject({ active: true, query: "" });
    const s1 = s0.apply(tr);
    const tr2 = s1.tr.insertText("he");
    expect(nextSlashState(tr2, open, s1.apply(tr2))).toMatchObject({ active: true, query: "he" });
  });

  it("opens when the typed slash arrives with the caret still before it and the caret moves after it next", () => {
    const s0 = stateWith("Hello", "");
    const caret = s0.selection.from;
    // The slash is in the document, the selection not yet behind it.
    const typed = s0.tr.insertText("/");
    typed.setSelection(TextSelection.create(typed.doc, caret));
    const s1 = s0.apply(typed);
    // Opens at once, and stays open when the caret then lands behind the slash.
    const afterTyping = nextSlashState(typed, CLOSED, s1);
    expect(afterTyping).toMatchObject({ active: true, query: "" });
    const moved = s1.tr.setSelection(TextSelection.create(s1.doc, caret + 1));
    expect(nextSlashState(moved, afterTyping, s1.apply(moved))).toMatchObject({ active: true, query: "" });
    // Were it read closed, the selection step alone still opens it.
    expect(nextSlashState(moved, { ...CLOSED, typedIn: caret }, s1.apply(moved))).toMatchObject({ active: true, query: "" });
  });

  it("does not open when the caret merely moves behind an existing slash, even right after typing elsewhere", () => {
    const s0 = stateWith("/", "Text");
    const tr = s0.tr.insertText("!");
    const s1 = s0.apply(tr);
    const afterTyping = nextSlashState(tr, CLOSED, s1);
    const moved = s1.tr.setSelection(TextSelection.create(s1.doc, 2));
    expect(nextSlashState(moved, afterTyping, s1.apply(moved)).active).toBe(false);
  });

  it("opens when the slash and the first letters of the filter arrive in one change", () => {
    const s0 = stateWith("Hello", "");
    const tr = s0.tr.insertText("/zz");
    expect(nextSlashState(tr, CLOSED, s0.apply(tr))).toMatchObject({ active: true, query: "zz" });
  });

  it("stays closed when letters are typed after a slash that was already there", () => {
    const s0 = stateWith("Hello", "/");
    const tr = s0.tr.insertText("x");
    expect(nextSlashState(tr, CLOSED, s0.apply(tr)).active).toBe(false);
  });

  it("closes on Escape and when the line no longer starts with the slash", () => {
    const s0 = stateWith("");
    const tr = s0.tr.insertText("/");
    const s1 = s0.apply(tr);
    const open = nextSlashState(tr, CLOSED, s1);
    expect(nextSlashState(dismissSlashMenu(s1), open, s1).active).toBe(false);
    const del = s1.tr.delete(s1.selection.from - 1, s1.selection.from);
    expect(nextSlashState(del, open, s1.apply(del)).active).toBe(false);
  });
});
