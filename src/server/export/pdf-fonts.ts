// The PDF's fonts. DejaVu Sans, Serif and Sans Mono (Latin, Greek, Cyrillic, Armenian,
// Georgian, Hebrew…) draw the writer's chosen family; Noto fonts from npm packages draw the
// scripts DejaVu lacks: Chinese, Japanese and Korean (Noto Sans CJK SC, JP and KR), Arabic
// (Noto Naskh Arabic), Hebrew (Noto Sans Hebrew), Devanagari, Thai and emoji (Noto Emoji,
// the monochrome one: pdfkit embeds glyph outlines, and Noto Color Emoji has only bitmaps).
// pdfkit embeds only the glyphs a file uses. A fallback font is read from disk and parsed the
// first time a file needs it, so exporting Latin text never loads one (pdf-scripts.ts picks
// the font for each character).
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import * as fontkit from "fontkit";

export type FontFamily = "sans" | "serif" | "mono";

/** Each font: its npm package and the file in it. */
const DEJAVU = "dejavu-fonts-ttf";
const FILES = {
  Sans: [DEJAVU, "ttf/DejaVuSans.ttf"],
  "Sans-Bold": [DEJAVU, "ttf/DejaVuSans-Bold.ttf"],
  "Sans-Italic": [DEJAVU, "ttf/DejaVuSans-Oblique.ttf"],
  "Sans-BoldItalic": [DEJAVU, "ttf/DejaVuSans-BoldOblique.ttf"],
  Serif: [DEJAVU, "ttf/DejaVuSerif.ttf"],
  "Serif-Bold": [DEJAVU, "ttf/DejaVuSerif-Bold.ttf"],
  "Serif-Italic": [DEJAVU, "ttf/DejaVuSerif-Italic.ttf"],
  "Serif-BoldItalic": [DEJAVU, "ttf/DejaVuSerif-BoldItalic.ttf"],
  Mono: [DEJAVU, "ttf/DejaVuSansMono.ttf"],
  "Mono-Bold": [DEJAVU, "ttf/DejaVuSansMono-Bold.ttf"],
  "Mono-Italic": [DEJAVU, "ttf/DejaVuSansMono-Oblique.ttf"],
  "Mono-BoldItalic": [DEJAVU, "ttf/DejaVuSansMono-BoldOblique.ttf"],
} as const;

/** The fallback fonts, regular and bold (none has an italic; italic text uses the upright one). */
const FALLBACK_FILES = {
  "Noto-SC": ["@embedpdf/fonts-sc", "fonts/NotoSansHans-Regular.otf"],
  "Noto-SC-Bold": ["@embedpdf/fonts-sc", "fonts/NotoSansHans-Bold.otf"],
  "Noto-JP": ["@embedpdf/fonts-jp", "fonts/NotoSansJP-Regular.otf"],
  "Noto-JP-Bold": ["@embedpdf/fonts-jp", "fonts/NotoSansJP-Bold.otf"],
  "Noto-KR": ["@embedpdf/fonts-kr", "fonts/NotoSansKR-Regular.otf"],
  "Noto-KR-Bold": ["@embedpdf/fonts-kr", "fonts/NotoSansKR-Bold.otf"],
  "Noto-Arabic": ["@embedpdf/fonts-arabic", "fonts/NotoNaskhArabic-Regular.ttf"],
  "Noto-Arabic-Bold": ["@embedpdf/fonts-arabic", "fonts/NotoNaskhArabic-Bold.ttf"],
  "Noto-Hebrew": ["@embedpdf/fonts-hebrew", "fonts/NotoSansHebrew-Regular.ttf"],
  "Noto-Hebrew-Bold": ["@embedpdf/fonts-hebrew", "fonts/NotoSansHebrew-Bold.ttf"],
  "Noto-Devanagari": ["@expo-google-fonts/noto-sans-devanagari", "400Regular/NotoSansDevanagari_400Regular.ttf"],
  "Noto-Devanagari-Bold": ["@expo-google-fonts/noto-sans-devanagari", "700Bold/NotoSansDevanagari_700Bold.ttf"],
  "Noto-Thai": ["@expo-google-fonts/noto-sans-thai", "400Regular/NotoSansThai_400Regular.ttf"],
  "Noto-Thai-Bold": ["@expo-google-fonts/noto-sans-thai", "700Bold/NotoSansThai_700Bold.ttf"],
  "Noto-Emoji": ["@expo-google-fonts/noto-emoji", "400Regular/NotoEmoji_400Regular.ttf"],
  "Noto-Emoji-Bold": ["@expo-google-fonts/noto-emoji", "700Bold/NotoEmoji_700Bold.ttf"],
} as const;

export type PdfFont = keyof typeof FILES;
export type FallbackFont = keyof typeof FALLBACK_FILES;
export type AnyFont = PdfFont | FallbackFont;
/** The scripts a fallback font is for. */
export type FallbackScript = "SC" | "JP" | "KR" | "Arabic" | "Hebrew" | "Devanagari" | "Thai" | "Emoji";

const FAMILY_PREFIX: Record<FontFamily, string> = { sans: "Sans", serif: "Serif", mono: "Mono" };

export function pdfFont(family: FontFamily, bold: boolean, italic: boolean): PdfFont {
  const style = bold && italic ? "-BoldItalic" : bold ? "-Bold" : italic ? "-Italic" : "";
  return `${FAMILY_PREFIX[family]}${style}` as PdfFont;
}

/** The fallback font for `script` in the weight of `base` (a DejaVu font). */
export function fallbackFont(script: FallbackScript, base: string): FallbackFont {
  return `Noto-${script}${base.includes("Bold") ? "-Bold" : ""}` as FallbackFont;
}

export function isFallback(font: string): font is FallbackFont {
  return Object.hasOwn(FALLBACK_FILES, font);
}

const packageDirs = new Map<string, string>();
/**
 * A package's folder, resolved from the package so it works from the sources and from the
 * server bundle: from its package.json, or where the package does not export that (the
 * @embedpdf fonts), up from its entry point.
 */
function packageDir(name: string): string {
  let dir = packageDirs.get(name);
  if (!dir) {
    const require = createRequire(import.meta.url);
    try {
      dir = path.dirname(require.resolve(`${name}/package.json`));
    } catch {
      dir = path.dirname(require.resolve(name));
    }
    while (!isPackageRoot(dir, name)) {
      const up = path.dirname(dir);
      if (up === dir) throw new Error(`font package ${name} has no package.json`);
      dir = up;
    }
    packageDirs.set(name, dir);
  }
  return dir;
}

function isPackageRoot(dir: string, name: string): boolean {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === name;
  } catch {
    return false;
  }
}

function fileOf(name: AnyFont): string {
  const [pkg, file] = isFallback(name) ? FALLBACK_FILES[name] : FILES[name];
  return path.join(packageDir(pkg), file);
}

/**
 * Each font file parsed once per process and shared by every export: parsing DejaVu Sans
 * takes tens of milliseconds on the server's thread, too long to pay per file. pdfkit takes
 * a parsed font as a font source and only reads it (the subset it embeds is per document).
 * fontkit reads a font's tables on first use, so an 8 MB CJK font costs little until its
 * glyphs are drawn.
 */
const parsed = new Map<AnyFont, fontkit.Font>();
function parsedFont(name: AnyFont): fontkit.Font {
  let font = parsed.get(name);
  if (!font) {
    font = keepCharacters(fontkit.create(fs.readFileSync(fileOf(name))));
    parsed.set(name, font);
  }
  return font;
}

/** Which fonts this process has parsed (for tests: a Latin-only export parses no fallback). */
export function loadedFonts(): AnyFont[] {
  return [...parsed.keys()];
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

/** Makes every DejaVu name usable in this document (fallbacks are added by registerFallback when needed). */
export function registerPdfFonts(pdf: PDFKit.PDFDocument): void {
  for (const name of Object.keys(FILES) as PdfFont[]) {
    // fontkit reads a font's tables on first use, so registering all twelve costs little.
    // pdfKit's types list only file sources, though it accepts a parsed font.
    pdf.registerFont(name, parsedFont(name) as unknown as Buffer);
  }
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();
/** Makes a fallback font usable in this document, parsing it on its first use in the process. */
export function registerFallback(pdf: PDFKit.PDFDocument, name: FallbackFont): void {
  let names = registered.get(pdf);
  if (!names) {
    names = new Set();
    registered.set(pdf, names);
  }
  if (names.has(name)) return;
  pdf.registerFont(name, parsedFont(name) as unknown as Buffer);
  names.add(name);
}

/** Whether `font` draws this character (a lookup in the font's character map). */
export function hasGlyph(font: AnyFont, codePoint: number): boolean {
  return parsedFont(font).hasGlyphForCodePoint(codePoint);
}
