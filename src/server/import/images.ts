// Pictures inside imported files. Embedded ones (a Word file's pictures, an HTML file's
// data: URLs) become stored images of the new document: each gets its id while the file is
// converted, is decoded and cleaned like an upload (images/ processImage: type from the
// bytes, pixel limit, no metadata) before the document is made, and is stored once the
// document exists. A picture that cannot be read is kept as its description. Remote
// pictures are never fetched (that would let a file make the server request any address):
// the converter keeps a link to them and the notes say so.
import crypto from "node:crypto";
import { IMAGE_MAX_BYTES, imageIdFromSrc, imageSrc } from "../../shared/contracts/images.js";
import { type ProcessedImage, processImage } from "../images/index.js";
import type { ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

/** At most this many pictures are taken from one file; the rest keep their description. */
export const MAX_IMPORT_IMAGES = 200;
const DATA_URL = /^data:(image\/[a-z0-9.+-]+);base64,([a-z0-9+/=\s]+)$/i;

export interface ImportedImage {
  id: string;
  image: ProcessedImage;
}

export class ImportImages {
  readonly pending: { id: string; bytes: Buffer }[] = [];

  /** The src of a new picture for a data: URL, or null when it is not one or there are too many. */
  fromDataUrl(url: string, notes: Notes): string | null {
    const m = DATA_URL.exec(url.trim());
    if (!m) return null;
    const bytes = Buffer.from(m[2]!.replace(/\s+/g, ""), "base64");
    if (this.pending.length >= MAX_IMPORT_IMAGES || bytes.length === 0 || bytes.length > IMAGE_MAX_BYTES) {
      notes.add("imageRefused");
      return null;
    }
    const id = crypto.randomUUID();
    this.pending.push({ id, bytes });
    return imageSrc(id);
  }

  /**
   * Decodes every picture; one that cannot be read (not a picture, SVG, too many pixels)
   * becomes its description in `blocks`. Returns the pictures to store.
   */
  async process(blocks: ImportNode[], notes: Notes): Promise<ImportedImage[]> {
    const ready: ImportedImage[] = [];
    const failed = new Set<string>();
    for (const { id, bytes } of this.pending) {
      try {
        ready.push({ id, image: await processImage(bytes) });
      } catch {
        failed.add(id);
      }
    }
    if (failed.size) {
      notes.add("imageRefused", failed.size);
      replaceFailed(blocks, failed);
    }
    return ready;
  }
}

function replaceFailed(blocks: ImportNode[], failed: Set<string>): void {
  const stack: ImportNode[][] = [blocks];
  while (stack.length) {
    const list = stack.pop()!;
    for (let i = 0; i < list.length; i++) {
      const node = list[i]!;
      const id = node.type === "image" ? imageIdFromSrc(node.attrs?.src) : null;
      if (id && failed.has(id)) {
        const alt = typeof node.attrs?.alt === "string" && node.attrs.alt ? node.attrs.alt : "";
        list[i] = { type: "paragraph", content: [{ type: "text", text: alt ? `[image: ${alt}]` : "[image]" }] };
      } else if (node.content) stack.push(node.content);
    }
  }
}
