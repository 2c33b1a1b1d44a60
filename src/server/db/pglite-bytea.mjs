// How bytea values cross between JavaScript and the embedded database. PGlite's own codec
// turns each byte into a string and back one at a time: a 630 KB live state took ~200 ms of
// the database thread to send and ~110 ms to read, while PostgreSQL's work on it was ~15 ms.
// Node's native hex codec does the same conversion in about a millisecond. Plain JavaScript
// so the database's thread (pglite-worker.mjs) loads it from the sources and from the bundle.
import { types } from "@electric-sql/pglite";

/** PostgreSQL's hex input form, `\x` then two digits a byte. */
export function serializeBytea(value) {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
}

/**
 * The bytes of PostgreSQL's hex output form. A fresh buffer of exactly the value's size:
 * Buffer.from(text) may hand out a slice of a shared pool, and copying the result to the
 * server's thread clones the whole underlying buffer, not the slice.
 */
export function parseBytea(text) {
  if (!text.startsWith("\\x")) return types.parsers[types.BYTEA](text);
  const bytes = Buffer.alloc((text.length - 2) / 2);
  bytes.write(text.slice(2), "hex");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** PGlite options that put these in place of its own. */
export const byteaCodec = {
  serializers: { [types.BYTEA]: serializeBytea },
  parsers: { [types.BYTEA]: parseBytea },
};
