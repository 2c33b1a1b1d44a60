// A stored image's address inside a document and the upload limits, without zod, so the
// editor's first load can read them (contracts that build zod schemas load later).
/** Largest image file accepted by one upload (and by an import, per embedded picture). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest picture decoded, in pixels: a small file that unpacks to more is a decompression bomb. */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** The types an upload may carry (the server decides from the bytes; this is what the picker offers). */
export const IMAGE_ACCEPT = "image/png,image/jpeg,image/gif,image/webp,image/avif,image/tiff";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const IMAGE_SRC = new RegExp(`^/api/images/(${UUID})$`, "i");

/** The address of stored image `id` inside a document (always same-origin and relative). */
export const imageSrc = (id: string) => `/api/images/${id.toLowerCase()}`;

/** The stored image a document's `src` names, or null when it is anything else (a linked picture, a data: URL). */
export function imageIdFromSrc(src: unknown): string | null {
  if (typeof src !== "string") return null;
  const m = IMAGE_SRC.exec(src);
  return m ? m[1]!.toLowerCase() : null;
}

/** Longest address a linked picture may have (browsers and servers handle this much everywhere). */
export const LINKED_IMAGE_MAX_LENGTH = 2048;

/**
 * True when `src` is a linked picture: an absolute http: or https: address of a picture on
 * another site, kept as written and never fetched by the server (the reader's browser loads
 * it only when asked). No other scheme (data:, javascript:, file:…), no relative or
 * protocol-relative address, no user name or password in it, no white space, quotes, angle
 * brackets or backslashes (each exporter can then write it as is), at most
 * LINKED_IMAGE_MAX_LENGTH characters.
 */
export function isLinkedImageSrc(src: unknown): boolean {
  if (typeof src !== "string" || src.length > LINKED_IMAGE_MAX_LENGTH) return false;
  if (!/^https?:\/\/[^\s"'<>\\`\x00-\x1f\x7f]+$/i.test(src)) return false;
  let url: URL;
  try {
    url = new URL(src);
  } catch {
    return false;
  }
  return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
}

/** The host a linked picture comes from ("example.com"), or null when `src` is not one. */
export function linkedImageHost(src: unknown): string | null {
  return isLinkedImageSrc(src) ? new URL(src as string).hostname : null;
}
