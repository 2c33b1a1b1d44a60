// POST /api/import: files become new documents. Bodies travel as base64 inside JSON so the
// request passes the same JSON parser and input checks as every other route.
import { z } from "zod";

/** Per file, after base64 decoding. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_FILES = 20;
/** Decoded bytes per request; the client splits larger selections into several requests. */
export const IMPORT_BATCH_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_EXTENSIONS = [".md", ".markdown", ".html", ".htm", ".docx", ".txt"] as const;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export const importFileSchema = z.object({
  name: z.string().trim().min(1, "Each file needs a name").max(255, "A file name must be at most 255 characters"),
  /** The file's bytes, base64. Its size is checked after decoding (413). */
  data: z.string().regex(BASE64, "data must be base64"),
});

export const importRequest = z.object({
  files: z.array(importFileSchema).min(1, "Choose at least one file").max(IMPORT_MAX_FILES, `At most ${IMPORT_MAX_FILES} files at once`),
});
export type ImportRequest = z.infer<typeof importRequest>;

export type ImportResult =
  | { status: "imported"; name: string; id: string; title: string; notes: string[] }
  | { status: "refused"; name: string; reason: string };

export interface ImportResponse {
  results: ImportResult[];
}
