// A .docx is unpacked here, and only here: yauzl reads the zip directory, the parts the Word
// reader needs (the XML parts and their relationships) are inflated as streams while the
// bytes that actually come out are counted, and the file is refused the moment a count
// passes its cap, whatever sizes the zip declares. The Word reader (mammoth) is then given
// these parts (docxParts below), so it never inflates anything itself; the pictures
// (word/media) are inflated too, under the same total. Other parts (fonts, embedded
// files) are never read by the import and are not inflated at all; their declared sizes
// still count towards the limit, so an honest oversized file is refused before anything
// is inflated.
import zlib from "node:zlib";
import yauzl from "yauzl";

/** Bytes a Word document may unpack to in all (its declared sizes, and the bytes inflated). */
export const DOCX_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
/** Past 1 MB unpacked, a Word document may unpack to at most this many times its size. */
export const DOCX_MAX_RATIO = 100;
/**
 * Bytes of XML parts kept in memory for the Word reader. Far above any document the size
 * limit lets through (DOCUMENT_MAX_BYTES, 5 MB of JSON), and low enough that a file lying
 * about its sizes costs the process little before it is refused.
 */
export const DOCX_MAX_XML = 24 * 1024 * 1024;
const MAX_ENTRIES = 5000;
const INFLATE_CHUNK = 256 * 1024;
const RATIO_FLOOR = 1024 * 1024;

const MB = (n: number) => `${Math.round((n / 1024 / 1024) * 10) / 10} MB`;

/** Why a Word file is not unpacked: damaged (415), too large when unpacked (413), or larger than it says (422). */
export class ZipRefused extends Error {
  constructor(
    message: string,
    readonly kind: "damaged" | "tooLarge" | "lying",
  ) {
    super(message);
  }
}

const lying = () =>
  new ZipRefused("The Word document's parts unpack to more than its zip archive says (the file is damaged, or made to exhaust the server)", "lying");
const tooMuchXml = () => new ZipRefused(`The Word document's text and layout parts would unpack to more than ${MB(DOCX_MAX_XML)}`, "tooLarge");
const damaged = () => new ZipRefused("The file is not a readable Word document (its zip archive is damaged)", "damaged");

/** Pictures in the document (import/images.ts stores them); they count towards the unpacked total, not the XML cap. */
const isPicture = (name: string) => /^word\/media\/[^/]+$/i.test(name);
/** The parts the Word reader reads: XML, relationships, mammoth's embedded style map and the pictures. */
const isKept = (name: string) => /\.(xml|rels)$/i.test(name) || name === "mammoth/style-map" || isPicture(name);

export interface DocxParts {
  /** Every file name in the archive. */
  names: Set<string>;
  /** The inflated bytes of the parts the Word reader reads. */
  parts: Map<string, Buffer>;
  /** Bytes inflated, for tests and figures. */
  inflated: number;
}

/** What may be inflated from a file of `size` bytes in all. */
export function unpackLimit(size: number): number {
  return Math.min(DOCX_MAX_UNCOMPRESSED, Math.max(RATIO_FLOOR, size * DOCX_MAX_RATIO));
}

function tooLargeReason(total: number): ZipRefused {
  if (total > DOCX_MAX_UNCOMPRESSED) return new ZipRefused(`The Word document would unpack to more than ${MB(DOCX_MAX_UNCOMPRESSED)}`, "tooLarge");
  return new ZipRefused(`The Word document unpacks to more than ${DOCX_MAX_RATIO} times its size`, "tooLarge");
}

/**
 * Unpacks the Word reader's parts of `buffer` under the caps, or throws ZipRefused. Sizes are
 * checked twice: as declared (before anything is inflated) and as inflated, chunk by chunk,
 * so a part that lies about its size is stopped where it passes what it declared, and
 * nothing passes the caps, whatever the headers say. yauzl reads the directory and hands
 * over each part's compressed bytes; the inflating is done here, where it is counted (in
 * chunks of INFLATE_CHUNK: yauzl's own inflater works in 16 KB chunks, ten times slower).
 */
export function unpackDocx(buffer: Buffer): Promise<DocxParts> {
  const limit = unpackLimit(buffer.length);
  return new Promise((resolve, reject) => {
    let settled = false;
    let zip: yauzl.ZipFile | undefined;
    const open: { destroy(): void }[] = [];
    const fail = (err: ZipRefused) => {
      if (settled) return;
      settled = true;
      for (const stream of open) stream.destroy();
      zip?.close();
      reject(err);
    };
    const names = new Set<string>();
    const parts = new Map<string, Buffer>();
    const toInflate: yauzl.Entry[] = [];
    let inflated = 0;
    let kept = 0;

    /** Inflates the kept parts one after another, counting every chunk. */
    const inflateNext = () => {
      if (settled) return;
      const entry = toInflate.shift();
      if (!entry) {
        settled = true;
        zip?.close();
        return resolve({ names, parts, inflated });
      }
      // The compressed bytes as stored (yauzl checks they lie inside the file).
      zip!.openReadStream(entry, { decodeFileData: false }, (streamErr, raw) => {
        if (settled) return;
        if (streamErr || !raw) return fail(damaged());
        const out = entry.compressionMethod === 8 ? raw.pipe(zlib.createInflateRaw({ chunkSize: INFLATE_CHUNK })) : raw;
        open.push(raw, out);
        const chunks: Buffer[] = [];
        let size = 0;
        out.on("data", (chunk: Buffer) => {
          if (settled) return;
          size += chunk.length;
          inflated += chunk.length;
          if (!isPicture(entry.fileName)) kept += chunk.length;
          // More than the part declares: the test of yauzl's validateEntrySizes, made here
          // because the inflating is done here.
          if (size > entry.uncompressedSize) return fail(lying());
          if (inflated > limit) return fail(tooLargeReason(inflated));
          if (kept > DOCX_MAX_XML) return fail(tooMuchXml());
          chunks.push(chunk);
        });
        raw.on("error", () => fail(damaged()));
        out.on("error", () => fail(damaged()));
        out.on("end", () => {
          if (settled) return;
          if (size !== entry.uncompressedSize) return fail(damaged());
          open.length = 0;
          parts.set(entry.fileName, Buffer.concat(chunks, size));
          inflateNext();
        });
      });
    };

    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, autoClose: false }, (err, opened) => {
      if (err || !opened) return fail(damaged());
      zip = opened;
      let declared = 0;
      let declaredKept = 0;
      zip.on("error", () => fail(damaged()));
      // First the directory alone: what the parts declare, before anything is inflated.
      zip.on("entry", (entry: yauzl.Entry) => {
        if (settled) return;
        if (names.size >= MAX_ENTRIES) return fail(new ZipRefused("The Word document holds too many parts", "tooLarge"));
        declared += entry.uncompressedSize;
        if (declared > DOCX_MAX_UNCOMPRESSED) return fail(tooLargeReason(declared));
        const name = entry.fileName;
        if (!name.endsWith("/")) {
          names.add(name);
          if (isKept(name)) {
            if (!isPicture(name)) declaredKept += entry.uncompressedSize;
            if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8)) return fail(damaged());
            toInflate.push(entry);
          }
        }
        zip!.readEntry();
      });
      zip.on("end", () => {
        if (settled) return;
        if (declared > limit) return fail(tooLargeReason(declared));
        if (declaredKept > DOCX_MAX_XML) return fail(tooMuchXml());
        inflateNext();
      });
      zip.readEntry();
    });
  });
}

/**
 * The unpacked parts as the Word reader's zip interface (mammoth's `file` input, the object
 * its own zip reader would build): reads are served from memory, nothing is inflated again.
 */
export function docxFile(unpacked: DocxParts) {
  return {
    exists: (name: string) => unpacked.names.has(name),
    read: async (name: string, encoding?: string): Promise<string | Uint8Array> => {
      const bytes = unpacked.parts.get(name);
      if (!bytes) throw new Error(`${name} is not read by the import`);
      if (encoding === "base64") return bytes.toString("base64");
      if (encoding) return new TextDecoder(encoding).decode(bytes);
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
    },
    write: () => {
      throw new Error("the import does not write Word documents");
    },
    toArrayBuffer: () => {
      throw new Error("the import does not write Word documents");
    },
  };
}

/** Elements open inside each other in a Word XML part before the file is refused. */
export const DOCX_MAX_XML_DEPTH = 256;

/**
 * Whether an XML part nests elements deeper than `limit`, by one pass over its bytes. The Word
 * reader walks the XML recursively: thousands of nested elements took it minutes, or overflowed
 * its stack. Real documents nest a few dozen deep (a table in a table adds four levels).
 */
export function nestedTooDeep(bytes: Buffer, limit = DOCX_MAX_XML_DEPTH): boolean {
  let depth = 0;
  for (let i = bytes.indexOf(0x3c); i >= 0 && i < bytes.length; i = bytes.indexOf(0x3c, i + 1)) {
    const next = bytes[i + 1];
    if (next === 0x2f) depth--; // </…>
    else if (next !== 0x3f && next !== 0x21) {
      // <name …> opens unless it ends in />; <?…?> and <!…> open nothing.
      const end = bytes.indexOf(0x3e, i);
      if (end < 0) return false;
      if (bytes[end - 1] !== 0x2f && ++depth > limit) return true;
      i = end;
    }
  }
  return false;
}
