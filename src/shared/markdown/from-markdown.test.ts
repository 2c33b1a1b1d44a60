import fc from "fast-check";
import { marked } from "marked";
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

  it("keeps a rule alone in a list item, and a \"!\" just before a link", () => {
    const blocks = [
      { type: "bulletList", content: [li(p(t("Foo"))), li({ type: "paragraph" }, { type: "horizontalRule" })] },
      p(t("Wow!"), t("see", link("/url")), t(" and "), t("wow!", italic), t("site", link("https://example.com/"))),
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

describe("a line Markdown could read as a link reference definition", () => {
  const codeLink = (text: string, href = "https://x.y") => t(text, code, link(href));
  const task = (checked: boolean, ...content: JsonNode[]): JsonNode => ({ type: "taskItem", attrs: { checked }, content });
  /** The Markdown, the same blocks read back, and what marked (another CommonMark reader) finds in it. */
  const check = (blocks: JsonNode[]) => {
    const md = docToMarkdown({ type: "doc", content: blocks });
    expect(roundTrip(blocks), md).toEqual(sortMarks(blocks));
    expect(Object.keys(marked.lexer(md).links), md).toEqual([]);
    return md;
  };

  it("keeps a link on inline code holding \"]:\" at a paragraph's start (it read as a definition and was lost)", () => {
    const md = check([p(codeLink("]:_"))]);
    // The address follows a space: "[`]:_`](https://x.y)" would be "[`]: _`](https://x.y)", a definition of "`".
    expect(md).toBe("[`]:_`]( https://x.y)\n");
    expect(marked.parse(md, { async: false })).toBe('<p><a href="https://x.y"><code>]:_</code></a></p>\n');
    check([p(codeLink("a]:b"), t(" and text"))]);
    check([p(codeLink("]:>"))]);
    check([p(codeLink("]:x)"))]);
    check([p(codeLink("]:(x"))]);
    check([p(codeLink("]:<a>"))]);
    check([p(t("]:x", code, bold, link("https://x.y")))]);
    check([p(codeLink("]:x", "/rel(1)"), t(" then "), codeLink("]:y"))]);
  });

  it("keeps one whose code holds a space and a quote that would open a definition's title, on one line or more", () => {
    check([p(codeLink('a]: b "c'), t(' d"'))]);
    check([p(codeLink("a]: b 'c"), { type: "hardBreak" }, t("d'"))]);
    check([p(codeLink("a]: b (c"), t(") e"))]);
    check([p(codeLink("]: /u"), t(' "title"'))]);
  });

  it("keeps one whose \"]:\" comes after a line break inside the link", () => {
    check([p(t("x", code, link("https://x.y")), { type: "hardBreak" }, t("]:y", code, link("https://x.y")))]);
  });

  it("keeps text that looks like a definition or a footnote as text", () => {
    check([p(t("[text]: https://x.y")), p(t("[^x]: note")), p(t("[a]:b")), p(t("[]: x")), p(t('[x]: /u "t"'))]);
  });

  it("keeps such a line in list items, to-do items, quotes, headings and table cells", () => {
    const lines = (): JsonNode[] => [p(codeLink("]:_")), p(t("[text]: https://x.y")), p(t("[^x]: note")), p(t("[x] not a box"))];
    check([{ type: "bulletList", content: lines().map((l) => li(l)) }]);
    check([{ type: "orderedList", content: lines().map((l) => li(l)) }]);
    check([{ type: "bulletList", content: [li(p(t("first")), ...lines())] }]);
    check([{ type: "taskList", content: lines().map((l, i) => task(i % 2 === 0, l)) }]);
    check([{ type: "blockquote", content: lines() }]);
    check([{ type: "blockquote", content: [{ type: "bulletList", content: [li(p(codeLink("]:_")))] }] }]);
    for (const level of [1, 2]) {
      check([{ type: "heading", attrs: { level }, content: [codeLink("]:_")] }, { type: "heading", attrs: { level }, content: [t("[text]: https://x.y")] }]);
    }
    const cell = (type: string, content: JsonNode) => ({ type, content: [content] });
    check([
      {
        type: "table",
        content: [
          { type: "tableRow", content: [cell("tableHeader", p(codeLink("]:_"))), cell("tableHeader", p(t("[text]: x")))] },
          { type: "tableRow", content: [cell("tableCell", p(t("[^x]: note"))), cell("tableCell", p(codeLink("a]:b")))] },
        ],
      },
    ]);
  });
});

describe("links through the Markdown export (property)", () => {
  it("keeps any address with parentheses, balanced or not, as it was", () => {
    const address = fc.tuple(fc.constantFrom("https://example.com/", "/", "", "mailto:a@example.com?subject="), fc.stringMatching(/^[a-z0-9()_.~-]{1,12}$/)).map(([a, b]) => a + b);
    fc.assert(
      fc.property(address, fc.stringMatching(/^[a-z]{1,6}$/), (href, text) => {
        const blocks = [p(t("see "), t(text, link(href)), t(" here"))];
        expect(roundTrip(blocks), docToMarkdown({ type: "doc", content: blocks })).toEqual(blocks);
      }),
      { numRuns: 300 },
    );
  });

  it("writes parentheses in an address escaped, not percent-encoded", () => {
    expect(docToMarkdown({ type: "doc", content: [p(t("a", link("https://en.wikipedia.org/wiki/C_(language)")))] })).toBe("[a](https://en.wikipedia.org/wiki/C_\\(language\\))\n");
  });
});

describe("whitespace at the edge of bold, italic or struck text (property)", () => {
  it("keeps its marks next to inline code, punctuation and the paragraph's ends", () => {
    const marks = fc.subarray([bold, italic, { type: "strike" } as const], { minLength: 1 });
    const spaced = fc.tuple(fc.constantFrom("", " ", "  "), fc.stringMatching(/^[a-z]{1,5}( [a-z]{1,5})?$/), fc.constantFrom("", " "), marks).map(([a, w, b, m]) => t(`${a}${w}${b}`, ...m));
    const codePiece = fc.stringMatching(/^[a-z*_#]{1,4}$/).map((s) => t(s, code));
    fc.assert(
      fc.property(fc.array(fc.tuple(spaced, codePiece), { minLength: 1, maxLength: 3 }), fc.boolean(), (pairs, endWithCode) => {
        const content = pairs.flat();
        if (!endWithCode) content.pop();
        const blocks = sortMarks([p(...content)]);
        expect(roundTrip(blocks), docToMarkdown({ type: "doc", content: blocks })).toEqual(blocks);
      }),
      { numRuns: 300 },
    );
  });

  it("writes such whitespace as a character reference inside the delimiters", () => {
    expect(docToMarkdown({ type: "doc", content: [p(t("Use ", italic), t("--x", code), t(" instead.", italic))] })).toBe("*Use&#32;*`--x`*&#32;instead.*\n");
    // Before a letter the delimiter could not close: the space goes outside, as before.
    expect(docToMarkdown({ type: "doc", content: [p(t("a ", italic), t("b"))] })).toBe("*a* b\n");
  });
});

describe("marks that overlap (property)", () => {
  it("come back however bold, italic and strike start and end across pieces and line breaks", () => {
    const piece = fc.oneof(
      { weight: 5, arbitrary: fc.tuple(fc.stringMatching(/^[a-z]{1,4}$/), fc.subarray([bold, italic, { type: "strike" } as const])).map(([w, m]) => t(w, ...m)) },
      { weight: 1, arbitrary: fc.constant<JsonNode>({ type: "hardBreak" }) },
    );
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 8 }), (raw) => {
        // Words joined by spaces that carry the marks both neighbours share (what an editor makes).
        const content: JsonNode[] = [];
        for (const n of raw) {
          const last = content.at(-1);
          if (n.type === "hardBreak" && (!last || last.type === "hardBreak")) continue;
          if (last && last.type === "text" && n.type === "text") {
            const shared = (last.marks ?? []).filter((m) => n.marks?.some((x) => x.type === m.type));
            content.push(t(" ", ...shared));
          }
          content.push(n);
        }
        while (content.at(-1)?.type === "hardBreak") content.pop();
        // Neighbouring text with the same marks is one text node in a document.
        const merged: JsonNode[] = [];
        for (const n of content) {
          const last = merged.at(-1);
          const key = (x: JsonNode) => JSON.stringify((x.marks ?? []).map((m) => m.type).sort());
          if (last?.type === "text" && n.type === "text" && key(last) === key(n)) merged[merged.length - 1] = { ...last, text: `${last.text}${n.text}` };
          else merged.push(n);
        }
        if (!merged.length) return;
        // Marks that nest (Markdown's delimiters do). Overlapping ones ("a" bold and struck,
        // then bold alone, after struck alone) would need a delimiter next to a space: not asked.
        const types = (i: number): string[] => {
          const n = merged[i];
          if (!n) return [];
          if (n.type !== "hardBreak") return (n.marks ?? []).map((m) => m.type);
          return types(i - 1).filter((k) => types(i + 1).includes(k));
        };
        const runs: [string, number, number][] = [];
        merged.forEach((_, i) => {
          for (const k of types(i)) {
            if (types(i - 1).includes(k)) continue;
            let j = i;
            while (j + 1 < merged.length && types(j + 1).includes(k)) j++;
            runs.push([k, i, j]);
          }
        });
        const nests = runs.every(([, a0, a1]) => runs.every(([, b0, b1]) => a1 < b0 || b1 < a0 || (a0 <= b0 && b1 <= a1) || (b0 <= a0 && a1 <= b1)));
        fc.pre(nests);
        const blocks = sortMarks([p(...merged)]);
        expect(roundTrip(blocks), docToMarkdown({ type: "doc", content: blocks })).toEqual(blocks);
      }),
      { numRuns: 500 },
    );
  });

  it("nests the mark that goes on furthest outside", () => {
    expect(docToMarkdown({ type: "doc", content: [p(t("foo", bold, italic), t(" bar", italic))] })).toBe("***foo** bar*\n");
    expect(docToMarkdown({ type: "doc", content: [p(t("a", bold), { type: "hardBreak" }, t("b"))] })).toBe("**a**\\\nb\n");
  });
});

describe("markdownToNodes on model answers", () => {
  it("joins a paragraph's lines with a space and reads CommonMark's escapes and entities", () => {
    expect(markdownToNodes("one\ntwo \\*not italic\\* &amp; &#233;")).toEqual([p(t("one two *not italic* & é"))]);
  });

  it("links only allowed schemes and keeps the rest, HTML and images as text; reads a GFM table as a table", () => {
    expect(markdownToNodes("[bad](javascript:alert(1)) <b>x</b> ![alt](a.png)")).toEqual([p(t("[bad](javascript:alert(1)) <b>x</b> ![alt](a.png)"))]);
    expect(markdownToNodes("| a | b |\n|---|--:|\n| 1<br>2 |")).toEqual([
      {
        type: "table",
        content: [
          { type: "tableRow", content: [{ type: "tableHeader", content: [p(t("a"))] }, { type: "tableHeader", attrs: { align: "right" }, content: [p(t("b"))] }] },
          {
            type: "tableRow",
            content: [
              { type: "tableCell", content: [p(t("1"), { type: "hardBreak" }, t("2"))] },
              { type: "tableCell", attrs: { align: "right" }, content: [{ type: "paragraph" }] },
            ],
          },
        ],
      },
    ]);
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

describe("the one reader for answers and imported files", () => {
  const highlight = { type: "highlight" } as const;

  it("reads ==highlight==, and leaves == that opens or closes nothing as text", () => {
    expect(markdownToNodes("a ==marked *words*== here")).toEqual([p(t("a "), t("marked ", highlight), t("words", highlight, italic), t(" here"))]);
    expect(markdownToNodes("x == y and a==b and ==open")).toEqual([p(t("x == y and a==b and ==open"))]);
  });

  it("keeps inline code inside a link, bold, italic and the tags GitHub keeps, with nothing to note", () => {
    const notes: string[] = [];
    const nodes = markdownToNodes("[`run()`](https://example.com/run) and **`x`** and *a `b`* and <sup>`n`</sup>", { onNote: (k) => notes.push(k) });
    expect(nodes).toEqual([
      p(t("run()", code, link("https://example.com/run")), t(" and "), t("x", code, bold), t(" and "), t("a ", italic), t("b", code, italic), t(" and "), t("n", code, { type: "superscript" })),
    ]);
    expect(notes).toEqual([]);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
  });

  it("reads a fence's language with CommonMark's escapes and entities, any word within the rule, in lower case", () => {
    expect(markdownToNodes("```py&#116;hon\nx\n```")).toEqual([{ type: "codeBlock", attrs: { language: "python" }, content: [t("x")] }]);
    const language = (md: string) => markdownToNodes(md)[0]?.attrs?.language ?? null;
    expect(language("``` foo\\+bar baz\nx\n```")).toBe("foo+bar");
    expect(language("```f&ouml;&ouml;\nx\n```")).toBe("föö");
    expect(language("```Mermaid\nx\n```")).toBe("mermaid");
    expect(language("~~~ ;\n~~~")).toBe(";");
    expect(language(`\`\`\`${"a".repeat(64)}\nx\n\`\`\``)).toBe("a".repeat(64));
    expect(language(`\`\`\`${"a".repeat(65)}\nx\n\`\`\``)).toBeNull();
    expect(language("~~~a`b\nx\n~~~")).toBeNull();
    expect(language('```a"b\nx\n```')).toBeNull();
    expect(language("```&lt;script&gt;\nx\n```")).toBeNull();
  });

  it("names images and links it cannot keep", () => {
    const notes: string[] = [];
    markdownToNodes("![a](b.png) [x](irc://example.org/chan)", { onNote: (k) => notes.push(k) });
    expect(notes.sort()).toEqual(["image", "unsafeLink"]);
  });

  it("gives content the schema accepts for any mix of marks, code, links and nesting (property)", () => {
    const piece = fc.constantFrom("*", "**", "_", "__", "~~", "==", "`", "[", "](https://e.com/x)", "](/rel)", "<sup>", "</sup>", "<mark>", "</mark>", "> ", "- ", "1. ", "\n", "\n\n", "word", " ", "#");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (pieces) => {
        const nodes = markdownToNodes(pieces.join(""));
        const checked = validateDocContent({ type: "doc", content: nodes });
        expect(checked.ok ? "" : checked.message).toBe("");
      }),
      { numRuns: 300 },
    );
  });
});

describe("linked pictures (images on other sites, for imported files)", () => {
  const img = (src: string, alt: string | null, caption: string | null = null): JsonNode => ({ type: "image", attrs: { src, alt, caption } });
  const read = (md: string) => {
    const notes: string[] = [];
    const nodes = markdownToNodes(md, { linkedImages: true, footnotes: true, onNote: (k) => notes.push(k) });
    return { nodes, notes };
  };

  it("an image with an http(s) address becomes a picture block that keeps its address, its title the caption", () => {
    const { nodes, notes } = read('Before ![A *small* cat](https://example.com/cat.png "The cat") after\n\n![](http://example.org/x.gif)');
    expect(nodes).toEqual([p(t("Before")), img("https://example.com/cat.png", "A small cat", "The cat"), p(t("after")), img("http://example.org/x.gif", null)]);
    expect(notes).toEqual(["remoteImage", "remoteImage"]);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
  });

  it("keeps data: and other addresses as text, and pictures out of footnotes and model answers", () => {
    const { nodes, notes } = read("![c](data:image/png;base64,iVBORw0KGgo=) ![e](/api/images/x)\n\nNote[^1]\n\n[^1]: ![d](https://example.com/d.png)");
    expect(nodes[0]).toEqual(p(t("![c](data:image/png;base64,iVBORw0KGgo=) ![e](/api/images/x)")));
    expect(JSON.stringify(nodes)).toContain("![d](https://example.com/d.png)");
    expect(notes.filter((k) => k === "image")).toHaveLength(3);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
    expect(markdownToNodes("![x](https://example.com/x.png)")).toEqual([p(t("![x](https://example.com/x.png)"))]);
    expect(markdownToNodes("![x](x.png)")).toEqual([p(t("![x](x.png)"))]);
  });

  it("an image with an address relative to the file becomes a picture keeping it, also inside a link, and writes back the same", () => {
    const { nodes, notes } = read('![a](a.png) ![b *c*](/docs/b.png "Bee")\n\n[![moon](moon.jpg)](/uri)\n\n![](<my pic.png>)');
    expect(nodes).toEqual([img("a.png", "a"), img("/docs/b.png", "b c", "Bee"), img("moon.jpg", "moon"), img("my%20pic.png", null)]);
    expect(notes).toEqual(["relativeImage", "relativeImage", "relativeImage", "relativeImage"]);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
    const doc = { type: "doc", content: [img("../img/a(1).png", "A [b]", "Say \"hi\"")] };
    const md = docToMarkdown(doc as never);
    expect(md.trim()).toBe('![A \\[b\\]](../img/a\\(1\\).png "Say \\"hi\\"")');
    expect(read(md).nodes).toEqual(doc.content);
    // A picture mid-line splits its paragraph without the spaces beside it, so the pieces read back the same.
    const mid = read("My ![foo bar](/path/to/train.jpg) *after*").nodes;
    expect(mid).toEqual([p(t("My")), img("/path/to/train.jpg", "foo bar"), p({ type: "text", text: "after", marks: [{ type: "italic" }] })]);
    expect(read(docToMarkdown({ type: "doc", content: mid } as never)).nodes).toEqual(mid);
  });

  it("splits headings, list items, quotes and table cells around a picture, and keeps the picture of a linked badge", () => {
    const { nodes } = read("# Logo ![l](https://e.com/l.png)\n\n- item ![i](https://e.com/i.png)\n\n> ![q](https://e.com/q.png)\n\n| a |\n|---|\n| ![c](https://e.com/c.png) |\n\n[![build](https://ci.example/badge.svg)](https://ci.example)");
    expect(nodes[0]).toEqual({ type: "heading", attrs: { level: 1 }, content: [t("Logo")] });
    expect(nodes[1]).toEqual(img("https://e.com/l.png", "l"));
    expect(nodes[2]).toEqual({ type: "bulletList", content: [li(p(t("item")), img("https://e.com/i.png", "i"))] });
    expect(nodes[3]).toEqual({ type: "blockquote", content: [img("https://e.com/q.png", "q")] });
    expect(nodes.at(-1)).toEqual(img("https://ci.example/badge.svg", "build"));
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
  });

  it("reads a description broken over lines with a space, as the export writes it", () => {
    expect(read("[![github\nrelease](https://img.example/r.svg)](https://example.com)").nodes).toEqual([img("https://img.example/r.svg", "github release")]);
  });

  it("writes a linked picture back as ![alt](address \"caption\"), which reads back the same", () => {
    const doc = { type: "doc", content: [img("https://example.com/a(1).png", "A [b] c", 'Say "hi"')] };
    const md = docToMarkdown(doc as never);
    expect(md.trim()).toBe('![A \\[b\\] c](https://example.com/a\\(1\\).png "Say \\"hi\\"")');
    expect(read(md).nodes).toEqual(doc.content);
  });

  it("gives content the schema accepts for any mix of pictures, text, links and nesting (property)", () => {
    const piece = fc.constantFrom("![a", "![", "](https://e.com/p.png)", "](https://e.com/p.png \"t\")", "](/rel.png)", "[", "](https://e.com/x)", "*", "`", "# ", "> ", "- ", "1. ", "| a |\n|---|\n| ", "[^1]", "\n\n[^1]: ", "\n", "\n\n", "word", " ");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const { nodes } = read(pieces.join(""));
        const checked = validateDocContent({ type: "doc", content: nodes });
        expect(checked.ok ? "" : checked.message, pieces.join("")).toBe("");
      }),
      { numRuns: 300 },
    );
  });
});

describe("numbered lists", () => {
  it("keep a start of up to nine digits, as CommonMark reads them, and write it back", () => {
    const nodes = markdownToNodes("123456789. ok\n1. next");
    expect(nodes).toEqual([{ type: "orderedList", attrs: { start: 123456789 }, content: [li(p(t("ok"))), li(p(t("next")))] }]);
    expect(validateDocContent({ type: "doc", content: nodes }).ok).toBe(true);
    expect(markdownToNodes(docToMarkdown({ type: "doc", content: nodes } as never))).toEqual(nodes);
    const last = { type: "orderedList", attrs: { start: 999_999_999 }, content: [li(p(t("a"))), li(p(t("b")))] };
    expect(docToMarkdown({ type: "doc", content: [last] } as never)).toBe("999999999. a\n999999999. b\n");
    expect(validateDocContent({ type: "doc", content: [{ ...last, attrs: { start: 1_000_000_000 } }] }).ok).toBe(false);
  });
});
