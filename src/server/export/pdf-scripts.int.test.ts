// The PDF export prints every script a writer may use: a saved document with a paragraph in
// Chinese, Japanese, Korean, Hindi, Thai, Arabic, Hebrew, emoji and Latin (and a code block
// with the same), downloaded as a PDF and read back with poppler's pdftotext (and pdffonts
// for what is embedded).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { type AppWithOwner, createDocument, withAppAndOwner } from "../documents/documents.test-util.js";
import type { TestApp, TestUser } from "../test/harness.js";
import { request } from "../test/harness.js";
import { loadedFonts } from "./pdf-fonts.js";
import { SCRIPT_SAMPLES, type Script, latinDoc, scriptsDoc } from "./pdf-scripts.test-util.js";
import { readBack, wordBoxes } from "./pdf-wrap.test-util.js";

let t: TestApp;
let owner: TestUser;
withAppAndOwner({}, (s: AppWithOwner) => {
  t = s.t;
  owner = s.owner;
});

function poppler(tool: "pdftotext" | "pdffonts", pdf: Buffer): string {
  const file = path.join(os.tmpdir(), `pdf-scripts-${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync(tool, tool === "pdftotext" ? ["-enc", "UTF-8", file, "-"] : [file], { encoding: "utf8", maxBuffer: 64 << 20 });
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function exported(title: string, content: DocNode): Promise<Buffer> {
  const created = await createDocument(t, owner, { title, content });
  const res = await request(t, "GET", `/api/documents/${created.id}/export?format=pdf`, { user: owner });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("application/pdf");
  return res.rawPayload;
}

/** A sample's words without the punctuation pdftotext may set apart (bidi marks, "." beside a right-to-left word). */
const words = (text: string) => text.split(/[\s.,!?،。、，।]+/u).filter(Boolean);
const plain = (pdf: Buffer) => poppler("pdftotext", pdf).replace(/[\u200e\u200f\u202a-\u202e]/g, "");

/** Latin-only files stay this small: latinDoc() made 55,754 bytes before the Noto fonts came and after (docs/PERFORMANCE.md). */
const LATIN_BOUND = 60_000;

describe("PDF export of every script", () => {
  // First in this file, so no other test has loaded a fallback font in this process yet.
  it("keeps a Latin-only file small: only DejaVu embedded, no fallback font even read", async () => {
    const pdf = await exported("A Latin-only report", latinDoc());
    expect(pdf.length).toBeLessThan(LATIN_BOUND);
    const fonts = poppler("pdffonts", pdf);
    expect(fonts).toContain("DejaVuSans");
    expect(fonts).not.toContain("Noto");
    expect(loadedFonts().filter((f) => f.startsWith("Noto-"))).toEqual([]);
  });

  it("prints every word of a paragraph in each script: Chinese, Japanese, Korean, Hindi, Thai, Arabic, Hebrew, emoji and Latin", async () => {
    const content = scriptsDoc();
    const title = "Every script";
    const pdf = await exported(title, content);
    const text = plain(pdf);
    // Nothing printed as "?": every character has a glyph in some embedded font.
    expect(text).not.toContain("?");
    const found: Partial<Record<Script, string>> = {};
    const spaceless = text.replace(/\s+/g, "");
    for (const [script, sample] of Object.entries(SCRIPT_SAMPLES) as [Script, string][]) {
      const list = words(sample);
      // Chinese and Japanese have no spaces to break at, so a line may end inside a "word".
      const missing = list.filter((w) => !text.includes(w) && !spaceless.includes(w));
      found[script] = `${list.length - missing.length}/${list.length}${missing.length ? ` missing ${missing.join(" ")}` : ""}`;
    }
    expect(found).toEqual(Object.fromEntries(Object.entries(SCRIPT_SAMPLES).map(([s, sample]) => [s, `${words(sample).length}/${words(sample).length}`])));
    // Word by word from the boxes, in reading order (right to left lines put back in logical
    // order), with their punctuation; and no two words' boxes overlap.
    const back = readBack(pdf, content, title);
    expect(back.overlaps).toEqual([]);
    expect(back.order).toBe("");
    // The fonts for each script are embedded as subsets.
    const fonts = poppler("pdffonts", pdf);
    for (const name of ["NotoSansHans", "NotoSansJP", "NotoSansKR", "NotoSansDevanagari", "NotoSansThai", "NotoNaskhArabic", "NotoSansHebrew", "NotoEmoji"]) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name}\\S*\\s.*\\byes yes yes\\b`));
    }
  });

  it("prints every script in a code block too, Latin code staying monospace and indented lines indented", async () => {
    const samples = Object.entries(SCRIPT_SAMPLES) as [Script, string][];
    const code = [...samples.map(([, sample]) => `// ${sample}`), "function main() {", "    return done();", "}"].join("\n");
    const content: DocNode = { type: "doc", content: [{ type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: code }] }] };
    // Unsaved content, as the editor sends it (the owner's plan holds three saved documents).
    const res = await request(t, "POST", "/api/export", { user: owner, payload: { format: "pdf", title: "Code in every script", content, pageSize: "a4" } });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const text = plain(pdf);
    expect(text).not.toContain("?");
    const spaceless = text.replace(/\s+/g, "");
    const missing = samples.flatMap(([script, sample]) => words(sample).filter((w) => !text.includes(w) && !spaceless.includes(w)).map((w) => `${script}: ${w}`));
    expect(missing).toEqual([]);
    const fonts = poppler("pdffonts", pdf);
    expect(fonts).toMatch(/DejaVuSansMono\s/);
    for (const name of ["NotoSansHans", "NotoSansJP", "NotoSansKR", "NotoSansDevanagari", "NotoSansThai", "NotoNaskhArabic", "NotoSansHebrew", "NotoEmoji"]) {
      expect(fonts).toMatch(new RegExp(`[A-Z]{6}\\+${name}\\S*\\s`));
    }
    // The indented line starts four monospace characters right of the line above it.
    const page = wordBoxes(pdf)[0]!;
    const fn = page.find((w) => w.text === "function")!;
    const ret = page.find((w) => w.text === "return")!;
    const perChar = (fn.xMax - fn.xMin) / "function".length;
    expect(ret.xMin - fn.xMin).toBeCloseTo(4 * perChar, 0);
    const back = readBack(pdf, content, "Code in every script");
    expect(back.overlaps).toEqual([]);
  });

  it("lays Arabic and Hebrew paragraphs out right to left: first word at the right margin, the full stop at the sentence's end on the left", async () => {
    const content = scriptsDoc();
    const pdf = await exported("Right to left", content);
    const page = wordBoxes(pdf)[0]!;
    const right = 595.28 - 64;
    for (const [first, last] of [
      ["שלום", "לשמאל."],
      ["مرحبا", "اليسار."],
    ] as const) {
      // poppler gives a right-to-left word's letters in visual order (reversed).
      const visual = (w: string) => [...w].reverse().join("");
      const start = page.find((w) => w.text.includes(visual(first)));
      expect(start, first).toBeDefined();
      expect(Math.abs(start!.xMax - right), `${first} ends at the right margin`).toBeLessThan(1);
      // (A word that starts with DejaVu's full stop gets DejaVu's box, a little shorter.)
      const middle = (w: { yMin: number; yMax: number }) => (w.yMin + w.yMax) / 2;
      const line = page.filter((w) => Math.abs(middle(w) - middle(start!)) < 3).sort((a, b) => a.xMin - b.xMin);
      // Read left to right, the line ends with the paragraph's first word and starts with
      // its last one, whose full stop is on its left (where a right-to-left sentence ends).
      expect(line.at(-1)!.text).toBe(visual(first));
      expect(line[0]!.text).toBe(visual(last));
    }
  });

  it("keeps full stops, brackets and numbers where a reader expects them in mixed-direction text", async () => {
    const content: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "The Hebrew word שלום means peace." }] },
        { type: "paragraph", content: [{ type: "text", text: "הספר (PDF) עולה 120 שקלים." }] },
      ],
    };
    const title = "Mixed direction";
    // Unsaved content, as the editor sends it (POST /api/export).
    const res = await request(t, "POST", "/api/export", { user: owner, payload: { format: "pdf", title, content, pageSize: "a4" } });
    expect(res.statusCode).toBe(200);
    const pdf = res.rawPayload;
    const back = readBack(pdf, content, title);
    expect(back.overlaps).toEqual([]);
    expect(back.order).toBe("");
    const page = wordBoxes(pdf)[0]!;
    // The English sentence starts at the left margin with its full stop at its right end; the
    // Hebrew one starts at the right margin, with "PDF" and "120" reading left to right inside it.
    const peace = page.find((w) => w.text === "peace.");
    expect(peace).toBeDefined();
    const hebrewStart = page.find((w) => w.text === "רפסה");
    expect(Math.abs(hebrewStart!.xMax - (595.28 - 64))).toBeLessThan(1);
    expect(page.some((w) => w.text.includes("PDF"))).toBe(true);
    expect(page.some((w) => w.text === "120")).toBe(true);
  });
});
