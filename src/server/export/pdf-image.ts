// A picture in the PDF export: the stored bytes (PNG or JPEG) scaled to its width in
// percent of the text column (or its natural size at 96 pixels per inch, never wider, and
// never taller than a page), placed by its alignment on a new page when it does not fit
// the rest of this one, its caption under it. A picture the export could not read is its
// alt text. A linked picture (on another site, never fetched) is its alt text and its
// address as a link; a relative one (a file beside the original document, never fetched)
// its alt text and its address as plain text (a PDF has no folder to read it against).
import { imageIdFromSrc, isLinkedImageSrc, isRelativeImageSrc } from "../../shared/contracts/images.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { imageParts } from "../../shared/export/image.js";
import type { ImageBytes } from "../images/index.js";
import { drawParagraph, type Run } from "./pdf-layout.js";
import { pdfSafeText } from "./pdf-text.js";

type Pdf = PDFKit.PDFDocument;
const MUTED = "#4b5563";
const PX_TO_PT = 0.75;
const LINK = "#1d4ed8";

const run = (text: string, size: number): Run => ({ text: pdfSafeText(text, "Sans"), font: "Sans", size, color: MUTED, underline: false, strike: false });

export function renderPdfImage(pdf: Pdf, node: DocNode, box: { x: number; width: number }, images: Map<string, ImageBytes>): void {
  const p = imageParts(node);
  const id = imageIdFromSrc(node.attrs?.src);
  const img = id ? images.get(id) : undefined;
  const src = String(node.attrs?.src);
  if (isLinkedImageSrc(src) || isRelativeImageSrc(src)) {
    const address: Run = isLinkedImageSrc(src) ? { ...run(src, 10), color: LINK, underline: true, link: src } : run(src, 10);
    drawParagraph(pdf, [run(`[Picture${p.alt ? `: ${p.alt}` : ""}] `, 10), address], box.x, box.width, p.align);
    if (p.caption) drawParagraph(pdf, [run(p.caption, 9)], box.x, box.width, "center");
    pdf.moveDown(0.5);
    return;
  }
  if (!img) {
    drawParagraph(pdf, [run(`[Picture${p.alt ? `: ${p.alt}` : ""}]`, 10)], box.x, box.width, p.align);
    pdf.moveDown(0.5);
    return;
  }
  const page = pdf.page;
  const maxHeight = page.height - page.margins.top - page.margins.bottom - 24;
  let width = p.width ? (box.width * p.width) / 100 : Math.min(box.width, img.width * PX_TO_PT);
  let height = (width * img.height) / Math.max(1, img.width);
  if (height > maxHeight) {
    width = (width * maxHeight) / height;
    height = maxHeight;
  }
  if (pdf.y + height > page.height - page.margins.bottom) pdf.addPage();
  const x = p.align === "left" ? box.x : p.align === "right" ? box.x + box.width - width : box.x + (box.width - width) / 2;
  const top = pdf.y;
  pdf.image(img.bytes, x, top, { width, height });
  pdf.y = top + height + 4;
  if (p.caption) drawParagraph(pdf, [run(p.caption, 9)], box.x, box.width, "center");
  pdf.moveDown(0.5);
}
