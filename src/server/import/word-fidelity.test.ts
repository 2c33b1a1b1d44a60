// A document exported to Word and imported again is the same document: links inside the
// document and relative ones, inline code, quotes that are not italic, rules, code languages,
// alignment, headings 1–6, superscript and subscript (docs/FIDELITY.md).
import fc from "fast-check";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { validateDocContent } from "../../shared/editor/validate.js";
import { docToDocx } from "../export/docx.js";
import { fillGridBefore } from "./convert-docx.js";
import { convertFile } from "./convert-file.js";

const t = (text: string, ...marks: NonNullable<DocNode["marks"]>) => ({ type: "text", text, ...(marks.length ? { marks } : {}) });
const p = (content: DocNode[], textAlign: string | null = null): DocNode => ({ type: "paragraph", attrs: { textAlign }, content });
const link = (href: string) => ({ type: "link", attrs: { href } });

const stored = (doc: DocNode) => {
  const checked = validateDocContent(doc);
  if (!checked.ok) throw new Error(checked.message);
  return checked.doc;
};

async function throughWord(doc: DocNode, title = "Round trip") {
  const converted = await convertFile("round.docx", await docToDocx(doc, { title }));
  return { title: converted.title, content: converted.content, notes: converted.notes };
}

describe("Word export → import", () => {
  it("keeps relative links, links into the document, inline code, rules, code languages and plain quotes", async () => {
    const doc: DocNode = {
      type: "doc",
      content: [
        p([t("See "), t("the guide", link("docs/guide.md")), t(", "), t("section two", link("#section-2")), t(" and "), t("the site", link("https://example.com/a"))]),
        p([t("Call "), t("run()", { type: "code" }), t(" first.")]),
        { type: "blockquote", content: [p([t("Quoted, not italic, with "), t("one italic word", { type: "italic" })])] },
        { type: "horizontalRule" },
        { type: "codeBlock", attrs: { language: "python" }, content: [t("print(1)\nprint(2)")] },
        { type: "codeBlock", attrs: { language: null }, content: [t("plain code")] },
        { type: "codeBlock", attrs: { language: "python" }, content: [t("a second block")] },
      ],
    };
    const back = await throughWord(doc);
    expect(back.title).toBe("Round trip");
    expect(back.content).toEqual(stored(doc));
  });

  it("keeps paragraph and heading alignment, in list items too, headings 4–6, superscript and subscript", async () => {
    const doc: DocNode = {
      type: "doc",
      content: [
        p([t("Centred")], "center"),
        p([t("Right")], "right"),
        p([t("Justified "), t("bold", { type: "bold" })], "justify"),
        { type: "heading", attrs: { level: 4, textAlign: "center" }, content: [t("Fourth")] },
        { type: "heading", attrs: { level: 5, textAlign: null, suggestedBreak: null }, content: [t("Fifth")] },
        { type: "heading", attrs: { level: 6, textAlign: "right" }, content: [t("Sixth")] },
        { type: "bulletList", content: [{ type: "listItem", content: [p([t("Item on the right")], "right")] }] },
        p([t("E = mc"), t("2", { type: "superscript" }), t(" and H"), t("2", { type: "subscript" }), t("O")]),
      ],
    };
    expect((await throughWord(doc)).content).toEqual(stored(doc));
  });

  const word = fc.stringMatching(/^[A-Za-z0-9]{1,8}$/);
  const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((w) => w.join(" "));
  const markSets = fc.constantFrom<NonNullable<DocNode["marks"]>>(
    [],
    [{ type: "bold" }],
    [{ type: "italic" }],
    [{ type: "bold" }, { type: "italic" }],
    [{ type: "underline" }],
    [{ type: "strike" }],
    [{ type: "code" }],
    [{ type: "superscript" }],
    [{ type: "subscript" }],
    [{ type: "highlight" }],
    [link("https://example.com/x?y=1")],
    [link("../notes/today.md")],
    [link("#part-3")],
    [{ type: "bold" }, link("#top")],
  );
  // Runs joined by plain spaces: Word keeps no space at a paragraph's edges, as HTML does not.
  const inline = fc
    .array(fc.tuple(words, markSets), { minLength: 1, maxLength: 5 })
    .map((runs) => runs.flatMap(([text, marks], i) => (i ? [t(" "), t(text, ...marks)] : [t(text, ...marks)])));
  const align = fc.constantFrom(null, "center", "right", "justify");
  const block: fc.Arbitrary<DocNode> = fc.oneof(
    fc.tuple(inline, align).map(([content, a]) => p(content, a)),
    fc.tuple(fc.integer({ min: 1, max: 6 }), inline, align).map(([level, content, a]) => ({ type: "heading", attrs: { level, textAlign: a }, content })),
    fc
      .tuple(fc.constantFrom(null, "python", "typescript", "bash"), fc.array(fc.stringMatching(/^[a-z(){}=; ]{1,20}$/), { minLength: 1, maxLength: 3 }))
      .map(([language, lines]) => ({ type: "codeBlock", attrs: { language }, content: [t(lines.join("\n"))] })),
    fc.constant<DocNode>({ type: "horizontalRule" }),
    fc.array(inline, { minLength: 1, maxLength: 2 }).map((ps) => ({ type: "blockquote", content: ps.map((c) => p(c)) })),
  );
  // Word has no quote container: two quotes in a row read back as one.
  const blocks = fc
    .array(block, { minLength: 1, maxLength: 6 })
    .filter((list) => list.every((b, i) => !(b.type === "blockquote" && list[i - 1]?.type === "blockquote")))
    .map((content): DocNode => ({ type: "doc", content }));

  it("gives back any document of these pieces unchanged (property)", async () => {
    await fc.assert(
      fc.asyncProperty(blocks, async (doc) => {
        expect((await throughWord(doc)).content).toEqual(stored(doc));
      }),
      { numRuns: 20 },
    );
    // Each run writes and reads a Word file (about 0.1 s on a quiet machine).
  }, 120_000);
});

describe("Word rows set in from the table's edge (w:gridBefore)", () => {
  const cell = (text: string): DocNode => ({ type: "tableCell", content: [p(text ? [t(text)] : [])] });
  const row = (...cells: DocNode[]): DocNode => ({ type: "tableRow", content: cells });

  it("reads the empty columns before a row's first cell as an empty cell, so the row keeps its place and length", async () => {
    const doc: DocNode = { type: "doc", content: [{ type: "table", content: [row(cell("a"), cell("b"), cell("c")), row(cell("d"), cell("e"), cell("f"))] }] };
    const zip = await JSZip.loadAsync(await docToDocx(doc, { title: "Grid" }));
    const xml = await zip.file("word/document.xml")!.async("string");
    // The second row loses its first cell and says it starts one grid column in, as Word writes it.
    let rows = 0;
    const edited = xml.replace(/<w:tr>(<w:tc>[\s\S]*?<\/w:tc>)/g, (whole) => (++rows === 2 ? "<w:tr><w:trPr><w:gridBefore w:val=\"1\"/></w:trPr>" : whole));
    expect(rows).toBe(2);
    zip.file("word/document.xml", edited);
    const back = await convertFile("grid.docx", await zip.generateAsync({ type: "nodebuffer" }));
    const table = back.content.content![0]!;
    const texts = table.content!.map((r) => r.content!.map((c) => c.content?.[0]?.content?.[0]?.text ?? ""));
    expect(texts).toEqual([
      ["a", "b", "c"],
      ["", "e", "f"],
    ]);
  });

  it("spans several empty columns with one cell and leaves rows without them as they are", () => {
    expect(fillGridBefore('<w:tr><w:trPr><w:gridBefore w:val="2"/></w:trPr><w:tc/></w:tr><w:tr><w:trPr><w:jc/></w:trPr><w:tc/></w:tr>')).toBe(
      '<w:tr><w:trPr><w:gridBefore w:val="2"/></w:trPr><w:tc><w:tcPr><w:gridSpan w:val="2"/></w:tcPr><w:p/></w:tc><w:tc/></w:tr><w:tr><w:trPr><w:jc/></w:trPr><w:tc/></w:tr>',
    );
    // An unclosed row property ends the scan: the rest stays as it was.
    expect(fillGridBefore('<w:trPr><w:gridBefore w:val="1"/>')).toBe('<w:trPr><w:gridBefore w:val="1"/>');
  });
});
