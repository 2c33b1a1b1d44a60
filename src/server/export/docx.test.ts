import JSZip from "jszip";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { isAllowedHref } from "../../shared/editor/links.js";
import { KITCHEN_SINK, KITCHEN_SINK_WORDS, hostileDoc } from "../../shared/export/fixtures.js";
import { auditHtml } from "../../shared/export/html-audit.test-helper.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { docToDocx } from "./docx.js";

async function parts(buffer: Buffer) {
  const zip = await JSZip.loadAsync(buffer);
  const read = (name: string) => zip.file(name)?.async("string") ?? Promise.resolve("");
  return {
    document: await read("word/document.xml"),
    numbering: await read("word/numbering.xml"),
    rels: await read("word/_rels/document.xml.rels"),
    core: await read("docProps/core.xml"),
    styles: await read("word/styles.xml"),
  };
}

describe("docToDocx", () => {
  it("writes a person's suggested paragraph break as the paragraph mark before it inserted, with author and time", async () => {
    const suggested = { id: "b1", group: "b1", author: "user-1", authorName: "Ann Author", createdAt: "2026-11-27T03:00:00.000Z" };
    const item = (text: string, attrs?: Record<string, unknown>): DocNode => ({ type: "listItem", content: [{ type: "paragraph", ...(attrs ? { attrs } : {}), content: [{ type: "text", text }] }] });
    const doc: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Before the break" }] },
        { type: "paragraph", attrs: { suggestedBreak: suggested }, content: [{ type: "text", text: "after it." }] },
        { type: "bulletList", content: [item("one"), item("two", { suggestedBreak: { ...suggested, id: "b2", group: "b2" } })] },
      ],
    };
    const { document } = await parts(await docToDocx(doc, { title: "Breaks" }));
    const paragraphs = document.match(/<w:p>[\s\S]*?<\/w:p>|<w:p [\s\S]*?<\/w:p>/g) ?? [];
    const marked = paragraphs.filter((p) => /<w:pPr>[\s\S]*<w:rPr>[\s\S]*<w:ins [^>]*w:author="Ann Author"[^>]*w:date="2026-11-27T03:00:00Z"/.test(p));
    expect(marked.map((p) => (p.match(/<w:t[^>]*>([^<]*)<\/w:t>/g) ?? []).join(""))).toEqual([
      expect.stringContaining("Before the break"),
      expect.stringContaining("one"),
    ]);
    // Word reads the paragraphs as split, the break being pending.
    const html = (await mammoth.convertToHtml({ buffer: await docToDocx(doc, { title: "Breaks" }) })).value;
    expect(html).toContain("<p>Before the break</p><p>after it.</p>");
  });

  it("writes Word headings, real lists, marks, links, quotes, code and alignment that read back", async () => {
    const buffer = await docToDocx(KITCHEN_SINK, { title: "Kitchen Sink" });
    const html = (await mammoth.convertToHtml({ buffer })).value;
    expect(html).toContain("<h1>Quarterly Report</h1>");
    expect(html).toContain("<h2>Lists</h2>");
    expect(html).toContain("<h3>Quote and code</h3>");
    expect(html).toContain("<ul><li>Apple<ul><li>Red</li><li>Green</li></ul></li><li>Banana</li></ul>");
    expect(html).toContain("<ol><li>Third</li><li>Fourth<ol><li>Sub one</li></ol></li></ol>");
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("<em>italic</em>");
    expect(html).toContain("<s>gone</s>");
    expect(html).toContain('<a href="https://example.com/a?b=1">Example site</a>');
    expect(html).toContain("suggested<br />after break");
    const text = (await mammoth.extractRawText({ buffer })).value;
    for (const word of KITCHEN_SINK_WORDS) expect(text).toContain(word);

    const xml = await parts(buffer);
    expect(xml.document).toContain('<w:pStyle w:val="Title"/>');
    expect(xml.document).toContain('<w:pStyle w:val="Heading1"/>');
    expect(xml.document).toContain('<w:jc w:val="center"/>');
    expect(xml.document).toContain('<w:jc w:val="right"/>');
    expect(xml.document).toContain('<w:jc w:val="both"/>');
    expect(xml.document).toMatch(/<w:u w:val="single"\/>/);
    expect(xml.document).toContain("<w:strike/>");
    expect(xml.document).toContain('<w:pStyle w:val="Quote"/>');
    // The code block's language is its style's name (based on Code Block).
    expect(xml.document).toContain('<w:pStyle w:val="CodeBlock-ts"/>');
    expect(xml.styles).toContain('<w:name w:val="Code Block (ts)"/>');
    expect(xml.document).toContain('<w:color w:val="dc2626"/>');
    expect(xml.document).toMatch(/w:ascii="Georgia"/);
    expect(xml.document).toContain('<w:sz w:val="30"/>'); // 20px = 15pt = 30 half-points
    expect(xml.numbering).toContain('<w:numFmt w:val="decimal"/>');
    expect(xml.numbering).toContain('<w:start w:val="3"/>');
    expect(xml.numbering).toContain('<w:numFmt w:val="bullet"/>');
    expect(xml.core).toContain("Kitchen Sink");
  });

  it("turns a hostile document into a Word file with no unsafe link and the hostile text kept as text", async () => {
    const buffer = await docToDocx(hostileDoc(), { title: "Hostile \u0001 title" });
    const xml = await parts(buffer);
    const targets = [...xml.rels.matchAll(/Target="([^"]*)"[^>]*TargetMode="External"/g)].map((m) =>
      m[1]!.replace(/&quot;/g, '"').replace(/&amp;/g, "&"),
    );
    expect(targets).toEqual(['https://ok.example/" onmouseover="alert(1)']);
    for (const target of targets) expect(isAllowedHref(target)).toBe(true);
    const html = (await mammoth.convertToHtml({ buffer })).value;
    const audit = auditHtml(html);
    expect(audit.problems).toEqual([]);
    const text = audit.texts.join("");
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain("deepest");
    expect(text).toContain("x".repeat(200_000));
  });
});
