// A picture's upload placeholder keeps a place while the writer describes the picture: a
// collaborator's change elsewhere moves it only by what that change changed (the live binding
// replaces the whole document on a remote change), and deleting the text around it leaves it
// where the deletion was. Losing it used to drop the described picture without a word.
import { Slice } from "@tiptap/pm/model";
import { EditorState } from "@tiptap/pm/state";
import { DecorationSet } from "@tiptap/pm/view";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { movePlaceholders, placeholderWidget } from "./image-upload";

const schema = documentSchema();
const doc = schema.nodeFromJSON({
  type: "doc",
  content: ["One", "Two", "Three"].map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
});
// "One" 0–5, "Two" 5–10, "Three" 10–17: the placeholder at the end of "Three".
const AT = 16;
const positions = (set: DecorationSet) => set.find().map((d) => d.from);

describe("a picture's upload placeholder", () => {
  it("moves by a collaborator's change elsewhere, not dropped by the binding's whole-document replace", () => {
    const state = EditorState.create({ schema, doc });
    const set = DecorationSet.create(doc, [placeholderWidget(AT, "up-1", "red.png")]);
    const edited = state.tr.insertText("!!", 4).doc;
    const remote = state.tr.replace(0, doc.content.size, new Slice(edited.content, 0, 0)).setMeta("y-sync$", { isChangeOrigin: true });
    expect(positions(set.map(remote.mapping, remote.doc))).toEqual([]);
    expect(positions(movePlaceholders(set, remote))).toEqual([AT + 2]);
  });

  it("stays where the text around it was deleted", () => {
    const state = EditorState.create({ schema, doc });
    const set = DecorationSet.create(doc, [placeholderWidget(AT, "up-1", "red.png")]);
    const tr = state.tr.delete(12, 17);
    expect(positions(movePlaceholders(set, tr))).toEqual([12]);
  });
});
