import { EditorState, TextSelection } from "@tiptap/pm/state";
import { describe, expect, it } from "vitest";
import { documentSchema } from "../../../../shared/editor/schema";
import { completionSpot, createInlineCompletionPlugin, ghostText, inlineCompletionKey } from "./plugin";

const plugin = createInlineCompletionPlugin({ request: async () => null, delayMs: 800 });

function stateWith(paragraphs: string[], cursor: "end" | number = "end") {
  const doc = documentSchema().nodeFromJSON({
    type: "doc",
    content: paragraphs.map((text) => ({ type: "paragraph", content: text ? [{ type: "text", text }] : [] })),
  });
  const state = EditorState.create({ doc, plugins: [plugin] });
  const pos = cursor === "end" ? doc.content.size - 1 : cursor;
  return state.apply(state.tr.setSelection(TextSelection.create(doc, pos)));
}

describe("ghost-text completion: where and what", () => {
  it("asks only at the end of a paragraph with enough text, sending earlier paragraphs as context", () => {
    const spot = completionSpot(stateWith(["First paragraph here.", "The launch went well"]));
    expect(spot).toMatchObject({ text: "The launch went well", context: "First paragraph here." });
    expect(completionSpot(stateWith(["The launch went well"], 5))).toBeNull();
    expect(completionSpot(stateWith(["Too short"]))).toBeNull();
  });

  it("shows one line, no doubled space, and cuts a long continuation at a sentence or word", () => {
    expect(ghostText("We went", " to the shop.\nThen home.")).toBe(" to the shop.");
    expect(ghostText("We went ", " to the shop.")).toBe("to the shop.");
    expect(ghostText("We went", "   ")).toBe("");
    const long = `${"word ".repeat(20)}end. ${"more ".repeat(30)}`;
    expect(ghostText("x", long)).toMatch(/end\.$/);
    expect(ghostText("x", "a".repeat(100) + " " + "b".repeat(100)).length).toBeLessThanOrEqual(160);
  });

  it("keeps the ghost through a collaborator's change, moved with it, and drops it on the writer's own edit or a cursor move", () => {
    let state = stateWith(["The launch went well"]);
    const pos = state.selection.from;
    state = state.apply(state.tr.setMeta(inlineCompletionKey, { show: { pos, text: " and fast." } }));
    expect(inlineCompletionKey.getState(state)?.ghost).toEqual({ pos, text: " and fast." });
    const remote = state.tr.insertText("Hi ", 1).setMeta("y-sync$", { isChangeOrigin: true });
    state = state.apply(remote);
    expect(inlineCompletionKey.getState(state)?.ghost).toEqual({ pos: pos + 3, text: " and fast." });
    // The ghost is never part of the document.
    expect(state.doc.textContent).toBe("Hi The launch went well");
    expect(inlineCompletionKey.getState(state.apply(state.tr.insertText("!")))?.ghost).toBeNull();
    expect(inlineCompletionKey.getState(state.apply(state.tr.setSelection(TextSelection.create(state.doc, 2)))))
      .toMatchObject({ ghost: null });
  });
});
