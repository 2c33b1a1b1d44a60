// Text preparation for the PDF's fonts (pdf-fonts.ts). A character the font has no glyph
// for would print as an empty box, so it is shown as "?" instead. Very long unbroken words
// are pre-split at about a line's width because pdfkit's line breaker is quadratic on them.
import { hasGlyph, type PdfFont } from "./pdf-fonts.js";

/** Text `font` can draw: tabs become spaces, carriage returns go, other missing characters "?". */
export function pdfSafeText(text: string, font: PdfFont): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) out += "    ";
    else if (code === 0x0d) continue;
    else out += code === 0x0a || hasGlyph(font, code) ? ch : "?";
  }
  return out;
}

const LONG_WORD = 400;

/** Breaks words longer than LONG_WORD characters into chunks of about `perLine` characters. */
export function breakLongWords(text: string, perLine: number): string {
  if (text.length < LONG_WORD) return text;
  const size = Math.max(10, Math.floor(perLine));
  return text.replace(/\S{400,}/g, (word) => {
    const parts: string[] = [];
    for (let i = 0; i < word.length; i += size) parts.push(word.slice(i, i + size));
    return parts.join("\n");
  });
}
