// Export contracts: the formats, the page sizes of the PDF
// and POST /api/export, which turns the editor's current (maybe unsaved) content into a file.
import { z } from "zod";
import { EXPORT_FORMATS } from "../export/filename.js";
import { TITLE_MAX_LENGTH } from "../limits.js";

const PDF_PAGE_SIZES = ["a4", "letter"] as const;
export type PdfPageSize = (typeof PDF_PAGE_SIZES)[number];

/** GET /api/documents/:id/export query. */
export const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "format must be one of md, html, txt, pdf, docx" }),
  pageSize: z.enum(PDF_PAGE_SIZES).optional(),
  /** A snapshot from the version history instead of the current content (owner and editors). */
  version: z.string().max(64).optional(),
});

/** POST /api/export body; content is checked against the document schema on the server. */
export const exportRequest = z.object({
  format: z.enum(EXPORT_FORMATS, { message: "format must be one of md, html, txt, pdf, docx" }),
  title: z.string().max(TITLE_MAX_LENGTH),
  content: z.unknown(),
  pageSize: z.enum(PDF_PAGE_SIZES).optional(),
  /** For Word: the document whose comment threads (those the caller may read) become Word comments. */
  document_id: z.string().max(64).optional(),
});
