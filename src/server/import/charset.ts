// The character encoding an HTML file declares for itself, as a browser finds it before
// parsing (the HTML standard's prescan, simplified): a <meta charset> or a
// <meta http-equiv="Content-Type" content="…; charset=…"> in the first 1,024 bytes. The
// label is checked against the encodings TextDecoder knows (Node 20 with full ICU reads the
// WHATWG legacy ones: windows-1252, ISO-8859-x, Shift_JIS, GBK…); an unknown label counts as
// no declaration, as in a browser.
const PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([A-Za-z0-9_:.+-]+)/i;

/** The WHATWG name of the declared encoding ("windows-1252"), or null when none is usable. */
export function declaredCharset(bytes: Uint8Array): string | null {
  // Bytes above 0x7f stay single characters in latin1, so the ASCII markup reads as written.
  const head = Buffer.from(bytes.subarray(0, PRESCAN_BYTES)).toString("latin1");
  const label = META_CHARSET.exec(head)?.[1];
  if (!label) return null;
  let encoding: string;
  try {
    encoding = new TextDecoder(label).encoding;
  } catch {
    return null;
  }
  // A meta tag readable as ASCII cannot be UTF-16 (the standard reads such files as UTF-8;
  // real UTF-16 files carry a byte order mark, which decode.ts honours first).
  return encoding.startsWith("utf-16") ? "utf-8" : encoding;
}

// windows-1252 (the encoding behind the "latin1", "iso-8859-1" and "ascii" labels too) at
// 0x80–0x9F, from the WHATWG index. Node 20's TextDecoder reads those bytes as ISO-8859-1
// control characters (a fast path that skips the table), so “quotes”, — and € would be lost.
const CP1252_HIGH =
  "\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f" +
  "\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178";
const nativeCp1252 = new TextDecoder("windows-1252").decode(new Uint8Array([0x80])) === "\u20ac";

/** The bytes read in a declared legacy encoding (a name from declaredCharset). */
export function decodeDeclared(bytes: Uint8Array, encoding: string): string {
  if (encoding !== "windows-1252" || nativeCp1252) return new TextDecoder(encoding).decode(bytes);
  let text = "";
  // Chunks keep String.fromCharCode's argument list short.
  for (let i = 0; i < bytes.length; i += 8192) {
    const chunk = Array.from(bytes.subarray(i, i + 8192), (b) => (b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b));
    text += String.fromCharCode(...chunk);
  }
  return text;
}
