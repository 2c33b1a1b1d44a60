// Text preparation for the PDF's fonts (pdf-fonts.ts). A character no shipped font has a
// glyph for would print as an empty box, so it is shown as "?" instead. Very long unbroken
// words are pre-split at about a line's width because pdfkit's line breaker is quadratic on them.
import { type AnyFont, hasGlyph } from "./pdf-fonts.js";
import { anyFontHas } from "./pdf-scripts.js";

/**
 * Text that can be drawn: tabs become spaces, carriage returns go, characters neither `font`
 * nor (with `fallbacks`, for text drawn through drawParagraph, which picks a font per
 * character) a fallback font has become "?".
 */
export function pdfSafeText(text: string, font: AnyFont, fallbacks = true): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) out += "    ";
    else if (code === 0x0d) continue;
    else out += code === 0x0a || hasGlyph(font, code) || (fallbacks && anyFontHas(code, font)) ? ch : "?";
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
