// Pictures for an export, read on the server from the image store: only images the
// document references (or, for the editor's unsaved text, images its writer may read), so
// naming someone else's picture in your own text never exports it. A downloaded HTML file
// embeds each picture as a data: URL; Markdown links the picture's address on this server
// (it opens for someone signed in who may read the document); Word and PDF get the bytes,
// as PNG or JPEG, the two formats both take. A linked picture (on another site) and a
// relative one (a file beside the original document) are never fetched: every format
// writes its address or its description (docx-image.ts, pdf-image.ts).
import { imageIdFromSrc, isLinkedImageSrc, isRelativeImageSrc } from "../../shared/contracts/images.js";
import type { DocNode } from "../../shared/editor/schema.js";
import type { ExportFormat } from "../../shared/export/filename.js";
import type { AppContext } from "../context.js";
import { type ImageBytes, imageBytesForUser, imageBytesOfDocument, loadSharp } from "../images/index.js";

export type ExportImages = Map<string, ImageBytes>;

/** The stored images `doc` names, in document order, each once. */
export function imageIdsOf(doc: DocNode): string[] {
  const ids = new Set<string>();
  const stack: DocNode[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "image") {
      const id = imageIdFromSrc(node.attrs?.src);
      if (id) ids.add(id);
    }
    for (const child of node.content ?? []) stack.push(child);
  }
  return [...ids];
}

/** Reads the pictures `doc` shows, as the document's (source.documentId) or as the user's. */
export async function loadExportImages(ctx: AppContext, doc: DocNode, source: { documentId: string } | { userId: string }): Promise<ExportImages> {
  const ids = imageIdsOf(doc);
  if (!ids.length) return new Map();
  return "documentId" in source ? imageBytesOfDocument(ctx, source.documentId, ids) : imageBytesForUser(ctx, source.userId, ids);
}

/** The same pictures as PNG or JPEG (GIF and WebP become PNG, their first frame). */
export async function portableImages(images: ExportImages): Promise<ExportImages> {
  const out: ExportImages = new Map();
  for (const [id, img] of images) {
    if (img.contentType === "image/png" || img.contentType === "image/jpeg") out.set(id, img);
    else out.set(id, { ...img, contentType: "image/png", bytes: await (await loadSharp())(img.bytes).png().toBuffer() });
  }
  return out;
}

function mapImages(node: DocNode, srcOf: (id: string | null) => string | null): DocNode {
  if (node.type === "image") {
    // A linked or relative picture keeps its address: the export never fetches it.
    if (isLinkedImageSrc(node.attrs?.src) || isRelativeImageSrc(node.attrs?.src)) return node;
    return { ...node, attrs: { ...node.attrs, src: srcOf(imageIdFromSrc(node.attrs?.src)) } };
  }
  if (!node.content) return node;
  return { ...node, content: node.content.map((c) => mapImages(c, srcOf)) };
}

/**
 * `doc` with each picture's src as the text formats write it: a data: URL (HTML), the
 * absolute address (Markdown), or none when the picture cannot be exported (its alt text is
 * written instead).
 */
export function withExportSrcs(doc: DocNode, format: ExportFormat, images: ExportImages, publicUrl: string): DocNode {
  if (format === "html") {
    return mapImages(doc, (id) => {
      const img = id ? images.get(id) : undefined;
      return img ? `data:${img.contentType};base64,${img.bytes.toString("base64")}` : null;
    });
  }
  if (format === "md") return mapImages(doc, (id) => (id && images.has(id) ? `${publicUrl}/api/images/${id}` : null));
  return doc;
}
