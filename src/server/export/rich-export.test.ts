// Word and PDF export of headings 4–6, to-do lists, superscript, subscript and highlight.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import mammoth from "mammoth";
import { describe, expect, it } from "vitest";
import { RICH_DOC, RICH_WORDS } from "../../shared/export/rich-fixtures.js";
import { docToDocx } from "./docx.js";
import { docToPdf } from "./pdf.js";
import { wordBoxes } from "./pdf-wrap.test-util.js";

function pdfText(pdf: Buffer, ...args: string[]): string {
  const file = path.join(os.tmpdir(), `rich-pdf-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync("pdftotext", ["-enc", "UTF-8", ...args, file, "-"], { encoding: "utf8" });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Pixels of the highlight's yellow on page 1 rendered at 50 dpi (pdftoppm, a P6 image). */
function yellowPixels(pdf: Buffer): number {
  const file = path.join(os.tmpdir(), `rich-pdf-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    const image = execFileSync("pdftoppm", ["-r", "50", "-f", "1", "-l", "1", file], { maxBuffer: 64 << 20 });
    // Header: "P6\n<w> <h>\n255\n".
    let at = 0;
    for (let lines = 0; lines < 3; at++) if (image[at] === 0x0a) lines++;
    let count = 0;
    for (let i = at; i + 2 < image.length; i += 3) if (image[i]! > 240 && image[i + 1]! > 220 && image[i + 2]! < 170) count++;
    return count;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe("Word export of the rich pieces", () => {
  it("writes Heading 4–6, Word checkboxes (☒ ticked, ☐ not), superscript, subscript and a highlight", async () => {
    const buffer = await docToDocx(RICH_DOC, { title: "Rich" });
    const xml = await (await JSZip.loadAsync(buffer)).file("word/document.xml")!.async("string");
    for (const level of [4, 5, 6]) expect(xml).toContain(`<w:pStyle w:val="Heading${level}"/>`);
    // Content-control checkboxes: clickable in Word, drawn with the box glyphs.
    expect(xml.match(/<w14:checkbox>/g)).toHaveLength(3);
    expect(xml.match(/<w14:checked w14:val="1"\/>/g)).toHaveLength(2);
    expect(xml).toContain('<w:sym w:char="2612" w:font="MS Gothic"/>');
    expect(xml).toContain('<w:sym w:char="2610" w:font="MS Gothic"/>');
    expect(xml).toContain('<w:vertAlign w:val="superscript"/>');
    expect(xml).toContain('<w:vertAlign w:val="subscript"/>');
    expect(xml).toContain('<w:highlight w:val="yellow"/>');
    const html = (await mammoth.convertToHtml({ buffer })).value;
    expect(html).toContain("<h4>Fourth level</h4><h5>Fifth level</h5><h6>Sixth level</h6>");
    expect(html).toContain("H<sub>2</sub>O and E = mc<sup>2</sup>");
    const text = (await mammoth.extractRawText({ buffer })).value;
    for (const word of RICH_WORDS) expect(text).toContain(word);
  });
});

describe("PDF export of the rich pieces", () => {
  it("draws every word, a box before each to-do item (☒ ticked, ☐ not), nested items further in", async () => {
    const pdf = await docToPdf(RICH_DOC, { title: "Rich" });
    const text = pdfText(pdf).replace(/\s+/g, " ");
    for (const word of RICH_WORDS) expect(text).toContain(word);
    expect(text).toMatch(/\u2612 Buy milk \u2610 Write report \u2612 Outline/);
    // Superscript and subscript stay in the line's words.
    expect(text).toMatch(/Water is H ?2 ?O and E = mc ?2/);
  });

  it("keeps a code block's indentation inside a table cell", async () => {
    const code = { type: "codeBlock", attrs: { language: "python" }, content: [{ type: "text", text: "def area(r):\n    return r * r" }] };
    const cell = (content: unknown[]) => ({ type: "tableCell", content });
    const doc = {
      type: "doc",
      content: [{ type: "table", content: [{ type: "tableRow", content: [cell([{ type: "paragraph", content: [{ type: "text", text: "Code" }] }]), cell([code])] }] }],
    };
    const words = wordBoxes(await docToPdf(doc as never, { title: "Code in a cell" })).flat();
    const at = (text: string) => words.find((w) => w.text === text)!;
    expect(at("def"), "the first line is drawn").toBeDefined();
    // Four spaces of the monospace font further in than the line above.
    const space = (at("def").xMax - at("def").xMin) / 3;
    expect(at("return").xMin - at("def").xMin).toBeCloseTo(4 * space, 0);
  });

  it("draws superscript smaller and raised, subscript smaller and lowered, and a highlight behind its words", async () => {
    const pdf = await docToPdf(RICH_DOC, { title: "Rich" });
    const boxes = [...pdfText(pdf, "-bbox").matchAll(/yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]+)</g)].map((m) => ({
      top: Number(m[1]),
      bottom: Number(m[2]),
      word: m[3]!,
    }));
    const find = (word: string) => boxes.filter((b) => b.word === word);
    const water = find("Water")[0]!;
    const twos = find("2");
    expect(twos).toHaveLength(2);
    const [sub, sup] = twos as [(typeof boxes)[0], (typeof boxes)[0]];
    const height = (b: { top: number; bottom: number }) => b.bottom - b.top;
    expect(height(sub)).toBeLessThan(height(water));
    expect(height(sup)).toBeLessThan(height(water));
    expect(sup.top).toBeLessThan(water.top + 1);
    expect(sub.bottom).toBeGreaterThan(water.bottom - 0.5);
    // The highlight is painted: pixels of its yellow (#fef08a) on the rendered page.
    expect(yellowPixels(pdf)).toBeGreaterThan(20);
    expect(yellowPixels(await docToPdf({ type: "doc", content: [RICH_DOC.content![0]!] }, { title: "Plain" }))).toBe(0);
  });
});
