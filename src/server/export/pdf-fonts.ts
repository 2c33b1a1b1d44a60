// The PDF's fonts: DejaVu Sans, Serif and Sans Mono, embedded (pdfkit keeps only the glyphs
// a file uses). pdfkit's built-in Helvetica, Times and Courier cover Western European text
// only, so Polish, Czech, Turkish, Greek or Russian prose came out as "?"; DejaVu covers
// Latin, Greek, Cyrillic, Armenian, Georgian and Hebrew, among others. Scripts it lacks (Chinese,
// Japanese, Korean…) still print as "?" (see pdf-text.ts).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

export type FontFamily = "sans" | "serif" | "mono";

/** The file behind each name the PDF code uses. */
const FILES = {
  Sans: "DejaVuSans.ttf",
  "Sans-Bold": "DejaVuSans-Bold.ttf",
  "Sans-Italic": "DejaVuSans-Oblique.ttf",
  "Sans-BoldItalic": "DejaVuSans-BoldOblique.ttf",
  Serif: "DejaVuSerif.ttf",
  "Serif-Bold": "DejaVuSerif-Bold.ttf",
  "Serif-Italic": "DejaVuSerif-Italic.ttf",
  "Serif-BoldItalic": "DejaVuSerif-BoldItalic.ttf",
  Mono: "DejaVuSansMono.ttf",
  "Mono-Bold": "DejaVuSansMono-Bold.ttf",
  "Mono-Italic": "DejaVuSansMono-Oblique.ttf",
  "Mono-BoldItalic": "DejaVuSansMono-BoldOblique.ttf",
} as const;

export type PdfFont = keyof typeof FILES;

const FAMILY_PREFIX: Record<FontFamily, string> = { sans: "Sans", serif: "Serif", mono: "Mono" };

export function pdfFont(family: FontFamily, bold: boolean, italic: boolean): PdfFont {
  const style = bold && italic ? "-BoldItalic" : bold ? "-Bold" : italic ? "-Italic" : "";
  return `${FAMILY_PREFIX[family]}${style}` as PdfFont;
}

let fontDir: string | undefined;
/** Resolved from the package, so it works from the sources and from the server bundle. */
function dir(): string {
  fontDir ??= path.join(path.dirname(createRequire(import.meta.url).resolve("dejavu-fonts-ttf/package.json")), "ttf");
  return fontDir;
}

/**
 * Each font file parsed once per process and shared by every export: parsing DejaVu Sans
 * takes tens of milliseconds on the server's thread, too long to pay per file. pdfkit takes
 * a parsed font as a font source and only reads it (the subset it embeds is per document).
 */
const parsed = new Map<PdfFont, fontkit.Font>();
function parsedFont(name: PdfFont): fontkit.Font {
  let font = parsed.get(name);
  if (!font) {
    font = keepCharacters(fontkit.create(fs.readFileSync(path.join(dir(), FILES[name]))));
    parsed.set(name, font);
  }
  return font;
}

/**
 * fontkit caches a glyph with the characters it was first asked for. Embedding a subset
 * asks for the parts of composed glyphs (the "z" in "ż") with none, and in a shared font a
 * later file then drew that "z" with no character behind it: pdfkit's text map said
 * nothing for it, so copying or searching the PDF lost every "z". A glyph asked for with
 * characters gets them if it was cached without.
 */
function keepCharacters(font: fontkit.Font): fontkit.Font {
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, characters = []) => {
    const glyph = getGlyph(id, characters);
    if (characters.length > 0 && glyph.codePoints.length === 0) glyph.codePoints = characters;
    return glyph;
  };
  return font;
}

/** Makes every font name usable in this document. */
export function registerPdfFonts(pdf: PDFKit.PDFDocument): void {
  for (const name of Object.keys(FILES) as PdfFont[]) {
    // fontkit reads a font's tables on first use, so registering all twelve costs little.
    // pdfkit's types list only file sources, though it accepts a parsed font.
    pdf.registerFont(name, parsedFont(name) as unknown as Buffer);
  }
}

/** Whether `font` draws this character (a lookup in the font's character map). */
export function hasGlyph(font: PdfFont, codePoint: number): boolean {
  return parsedFont(font).hasGlyphForCodePoint(codePoint);
}
