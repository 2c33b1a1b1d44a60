import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isAllowedHref } from "../../shared/editor/links.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { KITCHEN_SINK, KITCHEN_SINK_WORDS, hostileDoc } from "../../shared/export/fixtures.js";
import { docToPdf } from "./pdf.js";
import { pdfSafeText } from "./pdf-text.js";

function poppler(tool: "pdftotext" | "pdfinfo", pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `pdf-test-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync(tool, tool === "pdftotext" ? ["-enc", "UTF-8", file, "-"] : [file], { encoding: "utf8", maxBuffer: 64 << 20 });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** Every link target written into the file's annotations (one per drawn word, so de-duplicated). */
function uris(pdf: Buffer): string[] {
  return [...new Set([...pdf.toString("latin1").matchAll(/\/URI \(((?:\\.|[^\\)])*)\)/g)].map((m) => m[1]!.replace(/\\(.)/g, "$1")))];
}

describe("docToPdf", () => {
  it("writes a real A4 PDF with the title and every word of the document, and clickable links", async () => {
    const pdf = await docToPdf(KITCHEN_SINK, { title: "Kitchen Sink", now: new Date("2026-01-02T03:04:05Z") });
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const info = poppler("pdfinfo", pdf);
    expect(info).toMatch(/Title:\s+Kitchen Sink/);
    expect(info).toMatch(/Page size:\s+595\.2\d x 841\.8\d pts \(A4\)/);
    const text = poppler("pdftotext", pdf).replace(/\s+/g, " ");
    expect(text.startsWith("Kitchen Sink")).toBe(true);
    for (const word of KITCHEN_SINK_WORDS) expect(text).toContain(word);
    // List markers and numbering from the ordered list's start.
    expect(text).toMatch(/• Apple/);
    expect(text).toMatch(/3\. Third 4\. Fourth 1\. Sub one/);
    expect(uris(pdf)).toEqual(["https://example.com/a?b=1"]);
  });

  it("uses US Letter when asked", async () => {
    const pdf = await docToPdf(KITCHEN_SINK, { title: "Letter", pageSize: "LETTER" });
    expect(poppler("pdfinfo", pdf)).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
  });

  it("turns a hostile document into a PDF with no script and no unsafe link", { timeout: 60_000 }, async () => {
    const pdf = await docToPdf(hostileDoc(50_000), { title: "<script>alert(0)</script>" });
    const raw = pdf.toString("latin1");
    expect(raw).not.toMatch(/\/(JavaScript|JS|Launch|SubmitForm|ImportData)\b/);
    const links = uris(pdf);
    expect(links).toEqual(['https://ok.example/" onmouseover="alert(1)']);
    for (const uri of links) expect(isAllowedHref(uri)).toBe(true);
    const text = poppler("pdftotext", pdf);
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain("link javascript:alert(1)");
    expect(text).toContain("deepest");
    expect(text.replace(/\s+/g, "")).toContain("x".repeat(50_000));
  });

  it("writes Polish, Czech, Turkish, Greek and Russian text as it is, bold, italic, serif and code too", async () => {
    const lines = ["Zażółć gęślą jaźń", "Příliš žluťoučký kůň", "Işık ğüşöç", "Καλημέρα κόσμε", "Съешь же ещё этих булок"];
    const styled = (text: string, marks: DocNode["marks"]) => ({ type: "paragraph", content: [{ type: "text", text, marks }] });
    const doc: DocNode = {
      type: "doc",
      content: [
        ...lines.map((text) => styled(text, undefined)),
        styled("Łódź pogrubiona", [{ type: "bold" }]),
        styled("Ελληνικά πλάγια", [{ type: "italic" }]),
        styled("Русский с засечками", [{ type: "textStyle", attrs: { fontFamily: "Georgia, serif" } }]),
        { type: "codeBlock", content: [{ type: "text", text: "const ключ = 'ž';" }] },
      ],
    };
    const pdf = await docToPdf(doc, { title: "Čeština and Ελληνικά" });
    expect(poppler("pdfinfo", pdf)).toMatch(/Title:\s+Čeština and Ελληνικά/);
    const text = poppler("pdftotext", pdf).replace(/\s+/g, " ");
    expect(text.startsWith("Čeština and Ελληνικά")).toBe(true);
    for (const line of [...lines, "Łódź pogrubiona", "Ελληνικά πλάγια", "Русский с засечками", "const ключ = 'ž';"]) expect(text).toContain(line);
    expect(text).not.toContain("?");
  });

  it("keeps every letter searchable in a file made after others (the fonts are shared)", async () => {
    const para = (text: string, marks?: DocNode["marks"]) => ({ type: "paragraph", content: [{ type: "text", text, marks }] });
    // Letters built from others ("ż" from "z", "ó" from "o") embed their parts.
    await docToPdf({ type: "doc", content: [para("Zażółć gęślą jaźń ý ñ é"), para("Zażółć ó ý", [{ type: "italic" }]), para("Łódź ý", [{ type: "bold" }])] }, { title: "Ćma" });
    const later = await docToPdf(
      { type: "doc", content: [para("Moon lazy dog fifty zoo"), para("brown fox over dog", [{ type: "italic" }]), para("Zoo lazy", [{ type: "bold" }])] },
      { title: "Moon Title office" },
    );
    expect(poppler("pdftotext", later).replace(/\s+/g, " ").trim()).toBe("Moon Title office Moon lazy dog fifty zoo brown fox over dog Zoo lazy");
  });

  it("shows characters no shipped font can draw as ? rather than empty boxes", () => {
    // Egyptian hieroglyphs are in none of the fonts; Chinese is in a fallback font.
    expect(pdfSafeText("Ωmega Łódź 東京 \u{13000} café € “q”\tend", "Sans")).toBe("Ωmega Łódź 東京 ? café € “q”    end");
    // Text drawn in one font only (no fallbacks) keeps only that font's characters.
    expect(pdfSafeText("한국어 ok", "Mono", false)).toBe("??? ok");
  });
});
