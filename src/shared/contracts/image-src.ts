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

/** The stored image a document's `src` names, or null when it is anything else (a remote or data: URL). */
export function imageIdFromSrc(src: unknown): string | null {
  if (typeof src !== "string") return null;
  const m = IMAGE_SRC.exec(src);
  return m ? m[1]!.toLowerCase() : null;
}
