// Export file name: the title with every character other than a letter
// or digit replaced by "_", lowercased, "document" when nothing is left, followed by the
// date (YYYY-MM-DD, joined with "_") and the format's extension.
export const EXPORT_FORMATS = ["pdf", "docx", "md", "html", "txt"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_MIME: Record<ExportFormat, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  md: "text/markdown; charset=utf-8",
  html: "text/html; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

/** The name shown in the menu and the toasts ("Document exported as {FORMAT}"). */
export const EXPORT_LABEL: Record<ExportFormat, string> = {
  pdf: "PDF",
  docx: "Word",
  md: "Markdown",
  html: "HTML",
  txt: "Text",
};

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === "string" && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The date part in local calendar terms of the given clock (the browser's local day; UTC on the server). */
export function exportDate(now: Date, utc = false): string {
  const y = utc ? now.getUTCFullYear() : now.getFullYear();
  const m = (utc ? now.getUTCMonth() : now.getMonth()) + 1;
  const d = utc ? now.getUTCDate() : now.getDate();
  return `${String(y).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

const MAX_BASE_LENGTH = 100;

export function exportBaseName(title: string): string {
  // Lowercasing first: a few letters lowercase to a letter plus a combining mark, which
  // then becomes "_" like any other non-letter. Long titles are cut to keep the name
  // within what file systems accept.
  const base = Array.from((title ?? "").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "_"))
    .slice(0, MAX_BASE_LENGTH)
    .join("");
  // A title of only punctuation or spaces leaves only underscores: treat it as empty.
  return /[\p{L}\p{N}]/u.test(base) ? base : "document";
}

export function exportFileName(title: string, format: ExportFormat, now: Date, utc = false): string {
  return `${exportBaseName(title)}_${exportDate(now, utc)}.${format}`;
}
