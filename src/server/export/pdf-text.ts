// Text preparation for the PDF's built-in fonts. pdfkit's standard 14 fonts (Helvetica,
// Times, Courier) only cover the Windows-1252 character set: anything outside it would
// print as unrelated glyphs, so it is shown as "?" instead. Very long unbroken words are
// pre-split at about a line's width because pdfkit's line breaker is quadratic on them.

const WIN_ANSI_EXTRA = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c, 0x201d,
  0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

function encodable(code: number): boolean {
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || code === 0x0a || WIN_ANSI_EXTRA.has(code);
}

/** Text the built-in fonts can draw: tabs become spaces, other unsupported characters "?". */
export function pdfSafeText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (code === 0x09) out += "    ";
    else if (code === 0x0d) continue;
    else out += encodable(code) ? ch : "?";
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
