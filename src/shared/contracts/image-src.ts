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

/** The stored image a document's `src` names, or null when it is anything else (a linked or relative picture, a data: URL). */
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

/** The app's own routes: a relative picture never names one (a stored image is /api/images/<id>). */
const APP_ROUTES = /^\/api(?:[/?#]|$)/i;

/** The path `src` names read against the site's root, "." and ".." taken out and percent-escapes decoded (one no parser reads counts as an app route: refused). */
function rootPath(src: string): string {
  let path: string;
  try {
    path = new URL(src, "http://relative.invalid/").pathname;
  } catch {
    return "/api/";
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** A ".." segment (also written %2e%2e, which URL parsers read the same): the address may climb to the root. */
const CLIMBS = /(?:^|\/)(?:\.|%2e){2}(?:[/?#]|$)/i;

/**
 * True when `src` is a relative picture: an address relative to the file a document was
 * imported from ("docs/arch.png", "../img/a.png", "/url"), naming a file beside that original
 * file. Kept as written so exports give it back; never loaded by Draftsmith, which would read
 * it against its own address. No scheme (no "x:" before the first "/", "?" or "#"), not
 * protocol-relative ("//host"), not only a query or fragment, no white space, quotes, angle
 * brackets, backslashes, backticks or control characters, at most LINKED_IMAGE_MAX_LENGTH
 * characters, and never under /api/ (the app's own routes): not as written, and not once
 * read against the root when it starts with "/" or holds a ".." (a plain "api/x.png" is a
 * folder beside the file). No URL parser reads one as an absolute address.
 */
export function isRelativeImageSrc(src: unknown): boolean {
  if (typeof src !== "string" || src === "" || src.length > LINKED_IMAGE_MAX_LENGTH) return false;
  if (/[\s"'<>\\`\x00-\x1f\x7f]/.test(src)) return false;
  if (src.startsWith("//") || src.startsWith("?") || src.startsWith("#")) return false;
  if (/^[^/?#]*:/.test(src)) return false;
  if (APP_ROUTES.test(src)) return false;
  return !((src.startsWith("/") || CLIMBS.test(src)) && APP_ROUTES.test(rootPath(src)));
}
