import { describe, expect, it } from "vitest";
import { validateDocContent } from "../editor/validate.js";
import { type JsonMark, type JsonNode, isInlineAnswer, markdownToNodes, parseInline } from "./from-markdown.js";
import { docToMarkdown } from "./to-markdown.js";

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
    expect(nodes[6]!.attrs).toEqual({ level: 4 });
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

const t = (text: string, ...marks: JsonMark[]): JsonNode => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
const p = (...content: JsonNode[]): JsonNode => ({ type: "paragraph", content });
const li = (...content: JsonNode[]): JsonNode => ({ type: "listItem", content });
const bold = { type: "bold" } as const;
const italic = { type: "italic" } as const;
const code = { type: "code" } as const;
const link = (href: string): JsonMark => ({ type: "link", attrs: { href } });

/** Marks in one order (the editor keeps them in the schema's order whatever order they come in). */
const sortMarks = (nodes: JsonNode[]): JsonNode[] =>
  nodes.map((n) => ({
    ...n,
    ...(n.marks ? { marks: [...n.marks].sort((a, b) => a.type.localeCompare(b.type)) } : {}),
    ...(n.content ? { content: sortMarks(n.content) } : {}),
  }));

/** Exports the blocks as Markdown and reads them back. */
const roundTrip = (content: JsonNode[]) => sortMarks(markdownToNodes(docToMarkdown({ type: "doc", content })));

describe("Markdown round trip (docToMarkdown, then markdownToNodes)", () => {
  it("keeps headings of every level", () => {
    const blocks = [1, 2, 3].map((level) => ({ type: "heading", attrs: { level }, content: [t(`Level ${level} #`)] }));
    expect(roundTrip(blocks)).toEqual(blocks);
  });

  it("keeps bold, italic, strike, inline code and links, and text that looks like markup", () => {
    const blocks = [
      p(
        t("Plain "),
        t("bold", bold),
        t(" "),
        t("italic", italic),
        t(" "),
        t("both", bold, italic),
        t(" "),
        t("gone", { type: "strike" }),
        t(" "),
        t("a `tick`", code),
        t(" "),
        t("a site", link("https://example.com/a?b=1&c=2#top")),
        t(" and *stars*, 1. & <b>tags</b> &amp; www.example.com"),
      ),
      p(t("# not a heading")),
      p(t("  leading spaces")),
    ];
    expect(roundTrip(blocks)).toEqual(blocks);
  });

  it("keeps bullet and numbered lists, nested ones and a numbered list's start", () => {
    const blocks = [
      { type: "bulletList", content: [li(p(t("Apple")), { type: "bulletList", content: [li(p(t("Red"))), li(p(t("Green")))] }), li(p(t("Banana")))] },
      {
        type: "orderedList",
        attrs: { start: 3 },
        content: [li(p(t("Third"))), li(p(t("Fourth")), { type: "orderedList", content: [li(p(t("Sub one")), { type: "bulletList", content: [li(p(t("deep")))] })] })],
      },
      { type: "bulletList", content: [li(p(t("a list right after")))] },
    ];
    expect(roundTrip(blocks)).toEqual(blocks);
  });

  it("keeps code blocks (with their language and backtick runs), quotes, rules and hard breaks", () => {
    const blocks = [
      { type: "codeBlock", attrs: { language: "ts" }, content: [t("const a = `x`;\n```\n  indented")] },
      { type: "codeBlock", content: [t("plain")] },
      { type: "blockquote", content: [p(t("quoted "), t("bold", bold)), { type: "blockquote", content: [p(t("inner"))] }, { type: "bulletList", content: [li(p(t("item")))] }] },
      { type: "horizontalRule" },
      p(t("line one"), { type: "hardBreak" }, t("line two")),
    ];
    expect(roundTrip(blocks)).toEqual(blocks);
  });
});

describe("markdownToNodes on model answers", () => {
  it("joins a paragraph's lines with a space and reads CommonMark's escapes and entities", () => {
    expect(markdownToNodes("one\ntwo \\*not italic\\* &amp; &#233;")).toEqual([p(t("one two *not italic* & é"))]);
  });

  it("links only allowed schemes and keeps the rest, HTML, tables and images as text", () => {
    expect(markdownToNodes("[bad](javascript:alert(1)) <b>x</b> ![alt](a.png)")).toEqual([p(t("[bad](javascript:alert(1)) <b>x</b> ![alt](a.png)"))]);
    expect(markdownToNodes("| a | b |\n|---|---|")).toEqual([p(t("| a | b | |---|---|"))]);
    expect(markdownToNodes("[mail](mailto:a@example.com)")).toEqual([p(t("mail", link("mailto:a@example.com")))]);
  });

  it("gives empty list items and quotes the paragraph the schema requires", () => {
    const nodes = markdownToNodes("-\n\n>\n\n- - nested");
    expect(nodes).toEqual([
      { type: "bulletList", content: [li({ type: "paragraph" })] },
      { type: "blockquote", content: [{ type: "paragraph" }] },
      { type: "bulletList", content: [li({ type: "paragraph" }, { type: "bulletList", content: [li(p(t("nested")))] })] },
    ]);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
  });

  it("stays within the nesting the server accepts, however deep the answer", () => {
    const nodes = markdownToNodes(`${"> ".repeat(200)}deep`);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
  });

  it("keeps an inline answer's leading space, so it goes on from the text before it", () => {
    expect(parseInline(" and **more**")).toEqual([t(" and "), t("more", bold)]);
  });
});
