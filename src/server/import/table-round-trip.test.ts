// Random tables — sizes, a header row or not, merged cells, alignments, several paragraphs
// in a cell, text with Markdown's and HTML's special characters — survive the Markdown and
// HTML exports read back by the import (the GFM form and the HTML-table form both).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { isRelativeImageSrc } from "../../shared/contracts/image-src.js";
import { docToHtml } from "../../shared/export/html.js";
import { docToMarkdown } from "../../shared/markdown/to-markdown.js";
import { convertFile } from "./convert-file.js";
import { caption, stored, word } from "./round-trip.test-util.js";
const text = fc.array(word, { minLength: 0, maxLength: 3 }).map((w) => w.join(" "));
const paragraph = fc.record({ text, bold: fc.boolean() }).map(({ text: s, bold }): DocNode =>
  s ? { type: "paragraph", content: [{ type: "text", text: s, ...(bold ? { marks: [{ type: "bold" }] } : {}) }] } : { type: "paragraph" },
);
const align = fc.constantFrom(null, null, "left", "center", "right");

const table = fc
  .record({
    rows: fc.integer({ min: 1, max: 5 }),
    cols: fc.integer({ min: 1, max: 5 }),
    header: fc.boolean(),
    merge: fc.option(fc.record({ r: fc.nat(), c: fc.nat(), h: fc.integer({ min: 1, max: 3 }), w: fc.integer({ min: 1, max: 3 }) })),
    columnAlign: fc.array(align, { minLength: 5, maxLength: 5 }),
    cellAlign: fc.boolean(),
    cells: fc.array(fc.record({ blocks: fc.array(paragraph, { minLength: 1, maxLength: 2 }), align }), { minLength: 25, maxLength: 25 }),
  })
  .map(({ rows, cols, header, merge, columnAlign, cellAlign, cells }): DocNode => {
    // One merged rectangle; it never covers a whole row below its first (that row would have no cell).
    let m = merge ? { r: merge.r % rows, c: merge.c % cols, h: merge.h, w: merge.w } : null;
    if (m) {
      m.h = Math.min(m.h, rows - m.r);
      m.w = Math.min(m.w, cols - m.c);
      if (header && m.r === 0) m.h = 1;
      if (m.w === cols) m.h = 1;
      if (m.h === 1 && m.w === 1) m = null;
    }
    const content: DocNode[] = [];
    for (let r = 0; r < rows; r++) {
      const row: DocNode[] = [];
      for (let c = 0; c < cols; c++) {
        const inMerge = m && r >= m.r && r < m.r + m.h && c >= m.c && c < m.c + m.w;
        if (inMerge && (r !== m!.r || c !== m!.c)) continue;
        const cell = cells[r * 5 + c]!;
        row.push({
          type: header && r === 0 ? "tableHeader" : "tableCell",
          attrs: { colspan: inMerge ? m!.w : 1, rowspan: inMerge ? m!.h : 1, align: cellAlign ? cell.align : columnAlign[c] },
          content: cell.blocks,
        });
      }
      content.push({ type: "tableRow", content: row });
    }
    return { type: "table", content };
  });

describe("tables through export and import", () => {
  it("a random table comes back from the Markdown export and from the HTML export as it was", async () => {
    await fc.assert(
      fc.asyncProperty(table, async (t) => {
        const doc = stored({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Before" }] }, t, { type: "paragraph", content: [{ type: "text", text: "After" }] }] });
        const md = await convertFile("t.md", Buffer.from(docToMarkdown(doc)));
        expect(md.content, docToMarkdown(doc)).toEqual(doc);
        const html = await convertFile("t.html", Buffer.from(docToHtml(doc, { title: "T" })));
        expect(html.content).toEqual(doc);
      }),
      { numRuns: 100 },
    );
  }, 180_000);
});

// Empty lines: the schema makes a list item open with a paragraph, so an item holding only a
// code block or a list opens with an empty one; an empty quote holds one. The HTML export writes
// each as "<p><br></p>", which the import read as a line holding a break until it kept them empty.
const emptyLine: DocNode = { type: "paragraph" };
const codeBlock = text.map((s): DocNode => ({ type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: `${s || "x"}\n` }] }));
const item = fc
  .tuple(fc.boolean(), fc.array(fc.oneof(paragraph, codeBlock), { minLength: 1, maxLength: 2 }))
  .map(([opensEmpty, rest]): DocNode => ({ type: "listItem", content: opensEmpty || rest[0]!.type !== "paragraph" ? [emptyLine, ...rest] : rest }));
const block = fc.oneof(
  paragraph,
  codeBlock,
  fc.constant<DocNode>({ type: "blockquote", content: [emptyLine] }),
  fc.array(item, { minLength: 1, maxLength: 3 }).map((items): DocNode => ({ type: "bulletList", content: items })),
);

describe("empty lines through the HTML export and import", () => {
  it("an empty first line of a list item, an empty quote and an empty line between blocks come back empty", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(block, { minLength: 1, maxLength: 5 }), async (blocks) => {
        const doc = stored({ type: "doc", content: blocks });
        const html = await convertFile("t.html", Buffer.from(docToHtml(doc, { title: "T" })));
        expect(html.content, docToHtml(doc, { title: "T" })).toEqual(doc);
      }),
      { numRuns: 100 },
    );
  }, 180_000);

  it("a list item holding only a code block comes back without a break before the code", async () => {
    const doc = stored({ type: "doc", content: [{ type: "bulletList", content: [{ type: "listItem", content: [emptyLine, { type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: "  foo\n" }] }] }] }] });
    const html = docToHtml(doc, { title: "T" });
    expect(html).toContain("<li><p><br></p>");
    expect((await convertFile("t.html", Buffer.from(html))).content).toEqual(doc);
  });
});

// Linked pictures (pictures on other sites, by their http(s) address): the Markdown and HTML
// exports write the address and caption, and the import makes the same picture again, never fetching it.
const linkedPicture = fc
  .record({
    host: fc.constantFrom("example.com", "pictures.example.org", "cdn.example.net:8443"),
    path: fc.stringMatching(/^[a-zA-Z0-9_.~-]{1,12}$/),
    alt: fc.oneof(fc.constant(null), fc.stringMatching(/^[a-zA-Z0-9*_[\]!.:&<>-]{1,8}( [a-zA-Z0-9]{1,5})?$/)),
    https: fc.boolean(),
    caption,
  })
  .map(({ host, path, alt, https, caption }): DocNode => ({ type: "image", attrs: { src: `${https ? "https" : "http"}://${host}/${path}.png`, alt, caption } }));

/** Random pictures of `picture`'s kind between paragraphs come back from the Markdown and HTML exports as they were, with nothing stored. */
async function picturesComeBack(picture: fc.Arbitrary<DocNode>) {
  await fc.assert(
    fc.asyncProperty(fc.array(fc.oneof(paragraph.filter((b) => (b.content?.length ?? 0) > 0), picture), { minLength: 1, maxLength: 5 }), async (blocks) => {
      const doc = stored({ type: "doc", content: blocks });
      const md = await convertFile("t.md", Buffer.from(docToMarkdown(doc)));
      expect(md.content, docToMarkdown(doc)).toEqual(doc);
      expect(md.images).toEqual([]);
      const html = await convertFile("t.html", Buffer.from(docToHtml(doc, { title: "T" })));
      expect(html.content, docToHtml(doc, { title: "T" })).toEqual(doc);
      expect(html.images).toEqual([]);
    }),
    { numRuns: 100 },
  );
}

describe("linked pictures through export and import", () => {
  it("random linked pictures between paragraphs come back from the Markdown export and from the HTML export as they were", async () => {
    await picturesComeBack(linkedPicture);
  }, 180_000);
});

// Relative pictures (files beside the original document, by their address): the Markdown and
// HTML exports write the address as it is, and the import makes the same picture again.
const relativePicture = fc
  .record({
    start: fc.constantFrom("", "./", "../", "/", "../../"),
    folders: fc.array(fc.constantFrom("docs", "img", "api", "assets", "a.b", "x-y"), { maxLength: 2 }),
    name: fc.stringMatching(/^[a-zA-Z0-9_.~()-]{1,12}$/),
    query: fc.constantFrom("", "?v=2", "#top", "?a=1&b=2"),
    alt: fc.oneof(fc.constant(null), fc.stringMatching(/^[a-zA-Z0-9*_[\]!.:&<>-]{1,8}( [a-zA-Z0-9]{1,5})?$/)),
    caption,
  })
  .map(({ start, folders, name, query, alt, caption }): DocNode => ({ type: "image", attrs: { src: `${start}${[...folders, name].join("/")}.png${query}`, alt, caption } }))
  .filter((node) => isRelativeImageSrc(node.attrs?.src));

describe("relative pictures through export and import", () => {
  it("random relative pictures between paragraphs come back from the Markdown export and from the HTML export as they were", async () => {
    await picturesComeBack(relativePicture);
  }, 180_000);
});
