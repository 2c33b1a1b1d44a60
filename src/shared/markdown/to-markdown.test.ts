import { type Token, type Tokens, marked } from "marked";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../editor/schema.js";
import { KITCHEN_SINK, hostileDoc } from "../export/fixtures.js";
import { auditHtml } from "../export/html-audit.test-helper.js";
import { docToMarkdown } from "./to-markdown.js";

interface Shape {
  headings: string[];
  items: string[];
  code: string[];
  links: string[];
  quotes: number;
  rules: number;
  paragraphs: number;
}

/** The structure a real Markdown parser reads from the file. */
function shapeOf(md: string): Shape {
  const shape: Shape = { headings: [], items: [], code: [], links: [], quotes: 0, rules: 0, paragraphs: 0 };
  const walk = (tokens: Token[], depth: number) => {
    for (const tok of tokens) {
      if (tok.type === "heading") shape.headings.push(`h${(tok as Tokens.Heading).depth} ${tok.text}`);
      if (tok.type === "list") {
        const list = tok as Tokens.List;
        list.items.forEach((item, i) => {
          const first = item.tokens.find((t) => t.type === "text" || t.type === "paragraph") as Tokens.Text | undefined;
          const marker = list.ordered ? `${Number(list.start || 1) + i}.` : "-";
          shape.items.push(`${"  ".repeat(depth)}${marker} ${first?.text ?? ""}`);
          walk(item.tokens, depth + 1);
        });
        continue;
      }
      if (tok.type === "code") shape.code.push(`${(tok as Tokens.Code).lang ?? ""}|${tok.text}`);
      if (tok.type === "link") shape.links.push(`${tok.text} -> ${(tok as Tokens.Link).href}`);
      if (tok.type === "blockquote") shape.quotes++;
      if (tok.type === "hr") shape.rules++;
      if (tok.type === "paragraph") shape.paragraphs++;
      const inner = (tok as { tokens?: Token[] }).tokens;
      if (inner) walk(inner, depth);
    }
  };
  walk(marked.lexer(md), 0);
  return shape;
}

describe("docToMarkdown", () => {
  const md = docToMarkdown(KITCHEN_SINK);

  it("writes every mark and block the format has", () => {
    expect(md).toContain("# Quarterly Report\n");
    expect(md).toContain("**bold** *italic* under ~~gone~~ `x = 1` [Example site](https://example.com/a?b=1)");
    expect(md).toContain("suggested\\\nafter break ***bold italic***");
    expect(md).toContain("```ts\nconst a = `x`;\nconsole.log(a);\n```");
    expect(md).toContain("\n---\n");
  });

  it("parses back with marked to the document's structure", () => {
    const shape = shapeOf(md);
    expect(shape.headings).toEqual(["h1 Quarterly Report", "h2 Lists", "h3 Quote and code"]);
    expect(shape.items).toEqual(["- Apple", "  - Red", "  - Green", "- Banana", "3. Third", "4. Fourth", "  1. Sub one"]);
    expect(shape.code).toEqual(["ts|const a = `x`;\nconsole.log(a);"]);
    expect(shape.links).toEqual(["Example site -> https://example.com/a?b=1"]);
    expect(shape.quotes).toBe(1);
    expect(shape.rules).toBe(1);
    const html = marked.parse(md, { async: false });
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<del>gone</del>");
    expect(html).toContain("<code>x = 1</code>");
    expect(html).toMatch(/suggested<br>\s*after break <(em|strong)><(em|strong)>bold italic<\/(em|strong)><\/(em|strong)>/);
  });

  it("keeps plain text literal: what looks like Markdown or HTML stays text", () => {
    const lines = [
      "# not a heading",
      "> not a quote",
      "- not a list",
      "+ not a list",
      "1. not a list",
      "2) not a list",
      "---",
      "===",
      "    not code",
      "*star* _under_ `tick` ~~strike~~ [a](b) ![i](j) <b>tag</b> &amp; | x | y |",
      "see https://example.com, www.example.com and me@example.com",
      "ends with ##",
    ];
    const doc: DocNode = {
      type: "doc",
      content: [
        ...lines.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })),
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Title ##" }] },
      ],
    };
    const tokens = marked.lexer(docToMarkdown(doc));
    const blocks = tokens.filter((t) => t.type !== "space");
    expect(blocks.map((b) => b.type)).toEqual([...lines.map(() => "paragraph"), "heading"]);
    const html = marked.parse(docToMarkdown(doc), { async: false });
    const texts = auditHtml(html).texts.join("\n");
    for (const line of lines) expect(texts).toContain(line.trim());
    expect(texts).toContain("Title ##");
    expect(auditHtml(html).tags.filter((t) => t !== "p" && t !== "h2")).toEqual([]);
  });

  it("keeps whitespace outside emphasis so it still parses as emphasis", () => {
    const doc: DocNode = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "a" },
            { type: "text", text: " bold ", marks: [{ type: "bold" }] },
            { type: "text", text: "b" },
          ],
        },
      ],
    };
    expect(docToMarkdown(doc)).toBe("a **bold** b\n");
  });

  it("uses a fence longer than any backtick run in the code", () => {
    const doc: DocNode = { type: "doc", content: [{ type: "codeBlock", content: [{ type: "text", text: "a ```` b\n```" }] }] };
    const md = docToMarkdown(doc);
    expect(md.startsWith("`````\n")).toBe(true);
    expect(shapeOf(md).code).toEqual(["|a ```` b\n```"]);
  });

  it("keeps two neighbouring lists apart", () => {
    const list = (text: string): DocNode => ({
      type: "bulletList",
      content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }] }],
    });
    const tokens = marked.lexer(docToMarkdown({ type: "doc", content: [list("a"), list("b")] }));
    expect(tokens.filter((t) => t.type === "list")).toHaveLength(2);
  });

  it("turns a hostile document into Markdown that renders without script or unsafe links", () => {
    const md = docToMarkdown(hostileDoc());
    const html = marked.parse(md, { async: false });
    const audit = auditHtml(html);
    expect(audit.problems).toEqual([]);
    // Only the one https link survives; the javascript:/data:/vbscript: links lose their link.
    expect(audit.links).toEqual(['https://ok.example/%22%20onmouseover=%22alert(1)']);
    expect(md).not.toMatch(/(?<!\\)\]\((?:java|data|vb)/i);
    expect(md).toContain("x".repeat(200_000));
    expect(audit.texts.join("")).toContain("deepest");
  });

  it("starts with the document's title as a level-1 heading, escaped like any text", () => {
    const out = docToMarkdown(KITCHEN_SINK, { title: "Q3 *draft* #2" });
    expect(out.startsWith("# Q3 \\*draft\\* #2\n\n# Quarterly Report\n")).toBe(true);
    expect(marked.parse(out, { async: false })).toMatch(/^<h1>Q3 \*draft\* #2<\/h1>\n<h1>Quarterly Report<\/h1>/);
    // A blank title reads as the editor shows it.
    expect(docToMarkdown({ type: "doc", content: [] }, { title: "  " })).toBe("# Untitled Document\n");
    // A trailing "#" would be read as a closing sequence; a line break cannot end the heading early.
    expect(docToMarkdown({ type: "doc", content: [] }, { title: "Learning C#" })).toBe("# Learning C\\#\n");
    expect(docToMarkdown({ type: "doc", content: [] }, { title: "one\ntwo" })).toBe("# one two\n");
  });

  it("is empty for an empty document", () => {
    expect(docToMarkdown({ type: "doc", content: [] })).toBe("");
  });
});
