import { describe, expect, it } from "vitest";
import { validateDocContent } from "../../../shared/editor/validate";
import { isInlineAnswer, markdownToNodes, parseInline } from "./markdown";

describe("markdownToNodes", () => {
  it("converts headings, paragraphs, lists, quotes and code into valid editor content", () => {
    const nodes = markdownToNodes("# Title\n\nSome **bold** and *italic* and `code`.\nSame paragraph.\n\n- one\n- two\n\n1. first\n2. second\n\n> quoted\n\n```\nlet x = 1;\n```\n#### deep");
    expect(nodes.map((n) => n.type)).toEqual(["heading", "paragraph", "bulletList", "orderedList", "blockquote", "codeBlock", "heading"]);
    expect(nodes[0]).toEqual({ type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Title" }] });
    expect(nodes[1]!.content).toEqual([
      { type: "text", text: "Some " },
      { type: "text", text: "bold", marks: [{ type: "bold" }] },
      { type: "text", text: " and " },
      { type: "text", text: "italic", marks: [{ type: "italic" }] },
      { type: "text", text: " and " },
      { type: "text", text: "code", marks: [{ type: "code" }] },
      { type: "text", text: ". Same paragraph." },
    ]);
    expect(nodes[2]!.content).toHaveLength(2);
    expect(nodes[6]!.attrs).toEqual({ level: 3 });
    const result = validateDocContent({ type: "doc", content: nodes });
    expect(result.ok).toBe(true);
  });

  it("keeps snake_case words and lone asterisks as text", () => {
    expect(parseInline("a snake_case_name and 2 * 3")).toEqual([{ type: "text", text: "a snake_case_name and 2 * 3" }]);
    expect(parseInline("**_both_**")).toEqual([{ type: "text", text: "both", marks: [{ type: "italic" }, { type: "bold" }] }]);
  });

  it("recognises a single-paragraph answer", () => {
    expect(isInlineAnswer(markdownToNodes("Just a sentence."))).toBe(true);
    expect(isInlineAnswer(markdownToNodes("- a\n- b"))).toBe(false);
  });
});
