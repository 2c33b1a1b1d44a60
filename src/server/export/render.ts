// Turns a document into the bytes of one export format, with its file name and type.
// Markdown, HTML and text come from the shared serializers (the browser uses the same
// ones); PDF and Word are built here.
import type { PdfPageSize } from "../../shared/contracts/export.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { withoutComments } from "../../shared/editor/without-comments.js";
import type { ExportThread } from "./docx-comments.js";
import { withoutSuggestions } from "../../shared/editor/without-suggestions.js";
import { isPersonSuggestion } from "../../shared/editor/suggestion-names.js";
import { EXPORT_MIME, type ExportFormat, exportFileName } from "../../shared/export/filename.js";
import { docToHtml } from "../../shared/export/html.js";
import { docToMarkdown } from "../../shared/markdown/to-markdown.js";
import { docToText } from "../../shared/export/text.js";
import { type ExportImages, portableImages, withExportSrcs } from "./images.js";

export interface ExportFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

export async function renderExport(
  doc: DocNode,
  title: string,
  format: ExportFormat,
  opts: { now: Date; pageSize?: PdfPageSize; comments?: ExportThread[]; images?: ExportImages; publicUrl?: string },
): Promise<ExportFile> {
  // Pending suggestions are not part of the text yet: the export shows the document without
  // them, except Word, which holds people's suggestions as tracked changes (AI proposals never).
  doc = format === "docx" ? withoutSuggestions(doc, (a) => !isPersonSuggestion(a)) : withoutSuggestions(doc);
  // Comments travel only to Word (as Word comments); every other format leaves their marks out.
  if (format !== "docx") doc = withoutComments(doc);
  const images = opts.images ?? new Map();
  doc = withExportSrcs(doc, format, images, opts.publicUrl ?? "");
  let body: Buffer;
  switch (format) {
    case "md":
      body = Buffer.from(docToMarkdown(doc, { title }), "utf8");
      break;
    case "html":
      body = Buffer.from(docToHtml(doc, { title }), "utf8");
      break;
    case "txt":
      body = Buffer.from(docToText(doc, { title }), "utf8");
      break;
    case "pdf":
      // pdfkit is loaded on the first PDF export rather than at start-up.
      body = await (await import("./pdf.js")).docToPdf(doc, {
        title,
        now: opts.now,
        pageSize: opts.pageSize === "letter" ? "LETTER" : "A4",
        images: await portableImages(images),
      });
      break;
    case "docx":
      // Likewise docx (about 1 MB of code).
      body = await (await import("./docx.js")).docToDocx(doc, { title, now: opts.now, comments: opts.comments, images: await portableImages(images) });
      break;
  }
  return { body, contentType: EXPORT_MIME[format], fileName: exportFileName(title, format, opts.now, true) };
}

/** attachment with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
