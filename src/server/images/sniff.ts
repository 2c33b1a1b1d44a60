// What kind of picture a file is, from its first bytes: the name and the declared type are
// never trusted. Only raster formats sharp decodes are let through to it at all, so an SVG
// (scripts, external references) or anything else never reaches a decoder.
export type RasterKind = "jpeg" | "png" | "gif" | "webp" | "avif" | "heif" | "tiff";

const ascii = (bytes: Buffer, at: number, text: string) => bytes.subarray(at, at + text.length).toString("latin1") === text;

export function sniffRaster(bytes: Buffer): RasterKind | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) return "gif";
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return "webp";
  if (ascii(bytes, 4, "ftyp")) {
    const brand = bytes.subarray(8, 12).toString("latin1");
    if (brand === "avif" || brand === "avis") return "avif";
    if (["heic", "heix", "mif1", "msf1", "heim", "heis"].includes(brand)) return "heif";
    return null;
  }
  if (ascii(bytes, 0, "II*\0") || ascii(bytes, 0, "MM\0*")) return "tiff";
  return null;
}

/** Whether the bytes look like SVG (or other XML), to say so in the refusal. */
export function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "").trimStart().toLowerCase();
  return head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")) || (head.startsWith("<!doctype svg"));
}
