// Compressed answers kept for repeat reads. A browser reads a document with
// `accept-encoding: br, gzip`, and brotli-compressing the 27 KB answer each time cost more
// than the rest of the read (~0.5 ms against ~0.4). An answer is fully named by its
// document and ETag (the version fixes the content, the ETag's hash the rest), so a kept
// compression is never stale; it is ~10 % of the JSON's size. Least recently used first out.
import zlib from "node:zlib";

export type AnswerEncoding = "br" | "gzip";

/** Bytes of compressed answers kept per app. */
export const COMPRESSED_ANSWERS_BYTES = 8 * 1024 * 1024;
/** Below this the compression plugin sends answers as they are; so does this. */
const MIN_BYTES = 1024;

/**
 * The encoding to answer with, as @fastify/compress would pick it: the highest q among br
 * and gzip (x-gzip and * included), br on a tie; null for none (the answer then goes out as
 * it is, or through the plugin).
 */
export function acceptedEncoding(header: string | undefined): AnswerEncoding | null {
  if (!header) return null;
  const explicit = new Map<string, number>();
  let any: number | null = null;
  for (const part of header.toLowerCase().split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim() === "x-gzip" ? "gzip" : rawName.trim();
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (match) q = Number(match[1]);
    }
    if (name === "*") any = q;
    else if (name === "br" || name === "gzip") explicit.set(name, Math.max(q, explicit.get(name) ?? 0));
  }
  const qOf = (name: AnswerEncoding) => explicit.get(name) ?? any ?? 0;
  const br = qOf("br");
  const gzip = qOf("gzip");
  if (br > 0 && br >= gzip) return "br";
  return gzip > 0 ? "gzip" : null;
}

function compress(body: string, encoding: AnswerEncoding): Buffer {
  if (encoding === "gzip") return zlib.gzipSync(body);
  // Quality 4, as the plugin compresses every other answer: most of 11's size for a tenth of its time.
  return zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(body) },
  });
}

export class CompressedAnswers {
  private entries = new Map<string, Buffer>();
  private bytes = 0;

  constructor(private readonly maxBytes = COMPRESSED_ANSWERS_BYTES) {}

  /**
   * The answer `body`, named by `key` (it must change whenever the body does), compressed
   * with `encoding`; null when it is too small to be worth compressing.
   */
  get(key: string, encoding: AnswerEncoding, body: string): Buffer | null {
    if (body.length < MIN_BYTES) return null;
    const name = `${encoding}:${key}`;
    let compressed = this.entries.get(name);
    if (compressed) {
      // Re-inserted: a Map iterates in insertion order, so the first entry is the coldest.
      this.entries.delete(name);
      this.entries.set(name, compressed);
      return compressed;
    }
    compressed = compress(body, encoding);
    if (compressed.length <= this.maxBytes / 8) {
      this.entries.set(name, compressed);
      this.bytes += compressed.length;
      for (const [k, v] of this.entries) {
        if (this.bytes <= this.maxBytes) break;
        this.entries.delete(k);
        this.bytes -= v.length;
      }
    }
    return compressed;
  }
}
