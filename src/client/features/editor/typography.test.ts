import { Editor } from "@tiptap/core";
import Typography from "@tiptap/extension-typography";
import type { AnyExtension } from "@tiptap/core";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { loadTypography, SafeTypography } from "./typography";

// A headless editor (no DOM, so its state holds no plugins until mounted): each character
// goes through the extensions' input-rule plugins the way the browser's text input does,
// and is inserted as typed when no rule takes it.
let editor: Editor | undefined;
// Node 20 has no navigator; the keymap plugins read the platform from it.
beforeAll(async () => {
  vi.stubGlobal("navigator", { platform: "Linux", userAgent: "node" });
  // The rules' code is fetched at the first focus or typed character in the browser.
  await loadTypography();
});
afterEach(() => editor?.destroy());

function makeEditor(typography: AnyExtension = SafeTypography): Editor {
  editor = new Editor({ element: null, extensions: [...schemaExtensions(), typography], content: { type: "doc", content: [{ type: "paragraph" }] } });
  return editor;
}

function type(ed: Editor, text: string) {
  for (const ch of text) {
    const { from, to } = ed.state.selection;
    const handled = ed.extensionManager.plugins.some((p) => p.props.handleTextInput?.call(p, ed.view, from, to, ch, () => ed.state.tr));
    if (!handled) ed.view.dispatch(ed.state.tr.insertText(ch, from, to));
  }
}

/** The first paragraph as text, with code-marked runs in backticks. */
function shown(ed: Editor): string {
  let out = "";
  ed.state.doc.firstChild?.forEach((node) => {
    const code = node.marks.some((m) => m.type.name === "code");
    out += code ? `\`${node.text}\`` : (node.text ?? "");
  });
  return out;
}

describe("typography", () => {
  it("still replaces in prose", () => {
    const ed = makeEditor();
    type(ed, "a -> b -- c... (c) 1/2 cup");
    expect(shown(ed)).toBe("a → b — c… © ½ cup");
  });

  it("leaves an inline code span typed between backticks as typed", () => {
    const ed = makeEditor();
    type(ed, "call `a -> b` with `use 3/4 of it` done -> ok");
    expect(shown(ed)).toBe("call `a -> b` with `use 3/4 of it` done → ok");
  });

  it("leaves text typed with the code mark switched on as typed", () => {
    const ed = makeEditor();
    type(ed, "x -");
    ed.commands.toggleCode();
    type(ed, ">1 3/4 ");
    expect(shown(ed)).toBe("x -`>1 3/4 `");
  });

  it("leaves code blocks as typed", () => {
    const ed = makeEditor();
    ed.commands.setCodeBlock();
    type(ed, "a -> b 3/4 (c) ");
    expect(ed.state.doc.textContent).toBe("a -> b 3/4 (c) ");
  });

  it("replaces 1/2, 1/4 and 3/4 only as words of their own", () => {
    const ed = makeEditor();
    type(ed, "1/4 and 3/4 but 13/4 and 3/4/2025 and a/1/2 and v3/4 and 1/3 and 3/4. 5/8 ");
    expect(shown(ed)).toBe("¼ and ¾ but 13/4 and 3/4/2025 and a/1/2 and v3/4 and 1/3 and 3/4. 5/8 ");
  });

  it("is needed: TipTap's Typography alone turns -> into an arrow in a code span typed between backticks", () => {
    const ed = makeEditor(Typography);
    type(ed, "`a -> b`");
    expect(shown(ed)).toBe("`a → b`");
  });
});
