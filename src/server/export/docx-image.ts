// A picture in the Word export: an ImageRun with the stored bytes (PNG or JPEG), sized to
// its width in percent of the 6.5-inch text column (or its natural size, never wider),
// aligned like the picture, with its alt text as the picture's description and its
// caption in Word's Caption style under it. A picture the export could not read is its
// alt text. A linked picture (on another site, never fetched) is its alt text (or its
// site's name) as a hyperlink to its address. A relative picture (a file beside the original
// document, never fetched) is its alt text alone: a Word file has no folder to read the
// address against, so a hyperlink would lead nowhere.
import { AlignmentType, ExternalHyperlink, ImageRun, Paragraph, TextRun } from "docx";
import { imageIdFromSrc, isLinkedImageSrc, isRelativeImageSrc, linkedImageHost } from "../../shared/contracts/images.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { imageParts } from "../../shared/export/image.js";
import type { ImageBytes } from "../images/index.js";

/** The text column of a Letter or A4 page with one-inch margins, in pixels at 96 per inch. */
const COLUMN_PX = 624;
const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT } as const;

export function docxImage(node: DocNode, images: Map<string, ImageBytes>, xmlSafe: (s: string) => string): Paragraph[] {
  const p = imageParts(node);
  const id = imageIdFromSrc(node.attrs?.src);
  const img = id ? images.get(id) : undefined;
  const alignment = ALIGN[p.align];
  const caption = p.caption ? [new Paragraph({ style: "Caption", alignment, children: [new TextRun(xmlSafe(p.caption))] })] : [];
  const src = String(node.attrs?.src);
  if (isLinkedImageSrc(src)) {
    const text = xmlSafe(p.alt || `Picture on ${linkedImageHost(src)}`);
    const link = new ExternalHyperlink({ link: src, children: [new TextRun({ text, style: "Hyperlink" })] });
    return [new Paragraph({ alignment, children: [link] }), ...caption];
  }
  if (isRelativeImageSrc(src)) {
    const text = xmlSafe(p.alt || `Picture from the original file (${src})`);
    return [new Paragraph({ alignment, children: [new TextRun({ text, italics: true })] }), ...caption];
  }
  if (!img) return [new Paragraph({ alignment, children: [new TextRun({ text: xmlSafe(`[Picture${p.alt ? `: ${p.alt}` : ""}]`), italics: true })] })];
  const width = Math.max(1, Math.round(p.width ? (COLUMN_PX * p.width) / 100 : Math.min(COLUMN_PX, img.width)));
  const height = Math.max(1, Math.round((width * img.height) / Math.max(1, img.width)));
  const run = new ImageRun({
    type: img.contentType === "image/jpeg" ? "jpg" : "png",
    data: img.bytes,
    transformation: { width, height },
    altText: { name: xmlSafe(p.alt.slice(0, 200) || "Picture"), description: xmlSafe(p.alt), title: xmlSafe(p.alt.slice(0, 200)) },
  });
  return [new Paragraph({ alignment, children: [run] }), ...caption];
}
