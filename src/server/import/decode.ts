// Reading a file's bytes as text. A byte order mark decides first (UTF-8, UTF-16 LE/BE), then
// the encoding the file declares (an HTML <meta charset>, charset.ts), else UTF-8. Invalid
// UTF-8 is replaced with U+FFFD and the result says how many characters were replaced (a
// stray Latin-1 byte should not lose a whole file); a file that is mostly not text, or holds
// NUL bytes, is refused as not a text file.
import { decodeDeclared } from "./charset.js";
import type { Notes } from "./notes.js";

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** The text, or null when the bytes are not text. */
export function decodeText(bytes: Buffer, notes: Notes, declared: string | null = null): string | null {
  let text: string;
  const utf8Bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder("utf-16le").decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder("utf-16be").decode(bytes.subarray(2));
  else if (declared && declared !== "utf-8" && !utf8Bom) {
    if (bytes.includes(0)) return null;
    // Every byte means a character in a legacy single-byte encoding; the multi-byte ones
    // (Shift_JIS, GBK…) replace what they cannot read, like a browser.
    text = decodeDeclared(bytes, declared);
  } else {
    if (bytes.includes(0)) return null;
    try {
      text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder("utf-8").decode(bytes);
      const replaced = text.match(/\uFFFD/g)?.length ?? 0;
      // A file where more than a tenth of the characters are unreadable is not text.
      if (replaced > 16 && replaced > text.length / 10) return null;
      notes.add("replacedChars", replaced);
    }
  }
  return text.replace(/\r\n?/g, "\n").replace(CONTROL, "");
}

/** The file starts like a zip archive (a .docx is one). */
export const isZip = (bytes: Buffer) => bytes.length >= 4 && bytes.readUInt32BE(0) === 0x504b0304;
/** An older binary Office file (.doc). */
export const isOle = (bytes: Buffer) => bytes.length >= 8 && bytes.readUInt32BE(0) === 0xd0cf11e0;
export const isPdf = (bytes: Buffer) => bytes.subarray(0, 5).toString("latin1") === "%PDF-";
