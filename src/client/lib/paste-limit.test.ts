// Which pastes are too large for a document: the plain text's or the HTML's UTF-8 size past
// DOCUMENT_MAX_BYTES, counted without encoding the text.
import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_BYTES } from "../../shared/limits";
import { oversizeBytes, utf8Bytes } from "./paste-limit";

const clipboard = (data: Record<string, string>) => ({ getData: (type: string) => data[type] ?? "" });

describe("paste limit", () => {
  it("counts UTF-8 bytes as TextEncoder does", () => {
    for (const text of ["", "plain", "é", "€ and ✓", "😀 pair", "lone \ud800 surrogate", "ü".repeat(1000)]) {
      expect(utf8Bytes(text), text).toBe(new TextEncoder().encode(text).byteLength);
    }
  });

  it("lets a paste up to the limit through and refuses one past it, by its text or by its HTML", () => {
    const atLimit = "a".repeat(DOCUMENT_MAX_BYTES);
    expect(oversizeBytes(clipboard({ "text/plain": atLimit }))).toBeNull();
    expect(oversizeBytes(clipboard({ "text/plain": `${atLimit}b` }))).toBe(DOCUMENT_MAX_BYTES + 1);
    // Fewer characters than the limit, more bytes: two bytes each.
    const accents = "é".repeat(DOCUMENT_MAX_BYTES / 2 + 1);
    expect(oversizeBytes(clipboard({ "text/plain": accents }))).toBe(DOCUMENT_MAX_BYTES + 2);
    // Short text, long HTML (formatting around it).
    const html = `<p>${"<b>x</b>".repeat(DOCUMENT_MAX_BYTES / 8 + 1)}</p>`;
    expect(oversizeBytes(clipboard({ "text/plain": "short", "text/html": html }))).toBe(html.length);
    expect(oversizeBytes(clipboard({ "text/plain": "short", "text/html": "<p>short</p>" }))).toBeNull();
  });
});
