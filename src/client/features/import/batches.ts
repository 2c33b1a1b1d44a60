// Files chosen for import: what the browser refuses before sending (type, size), and the
// rest split into requests that fit the server's limits (src/shared/contracts/import.ts).
import { IMPORT_BATCH_MAX_BYTES, IMPORT_EXTENSIONS, IMPORT_FILE_MAX_BYTES, IMPORT_MAX_FILES, type ImportResult } from "../../../shared/contracts/import";

export const IMPORT_ACCEPT = [...IMPORT_EXTENSIONS, "text/markdown", "text/html", "text/plain", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"].join(",");

const MB = 1024 * 1024;

/** Why the file cannot be sent, or null. */
export function localRefusal(file: Pick<File, "name" | "size">): string | null {
  const dot = file.name.lastIndexOf(".");
  const ext = dot > 0 ? file.name.slice(dot).toLowerCase() : "";
  if (!(IMPORT_EXTENSIONS as readonly string[]).includes(ext)) return "Only Markdown (.md), HTML (.html), Word (.docx) and text (.txt) files can be imported";
  if (file.size > IMPORT_FILE_MAX_BYTES) return `This file is larger than ${IMPORT_FILE_MAX_BYTES / MB} MB, the most one file may be`;
  return null;
}

export function splitFiles<F extends Pick<File, "name" | "size">>(files: F[]): { batches: F[][]; refused: ImportResult[] } {
  const refused: ImportResult[] = [];
  const batches: F[][] = [];
  let current: F[] = [];
  let bytes = 0;
  for (const file of files) {
    const reason = localRefusal(file);
    if (reason) {
      refused.push({ status: "refused", name: file.name, reason });
      continue;
    }
    if (current.length && (current.length >= IMPORT_MAX_FILES || bytes + file.size > IMPORT_BATCH_MAX_BYTES)) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length) batches.push(current);
  return { batches, refused };
}

/** The file's bytes as base64, read by the browser (no string round trip through UTF-8). */
export function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read"));
    reader.readAsDataURL(file);
  });
}
