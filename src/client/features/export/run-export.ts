// Runs one export of what the editor holds right now: Markdown, HTML and text are built
// in the browser with the shared serializers (loaded on first use); PDF and Word are
// built by the server from the same content (POST /api/export), so unsaved edits are in
// the file either way. The file is handed to the browser as a download.
import type { ExportFormat } from "../../../shared/export/filename";
import { EXPORT_MIME, exportFileName } from "../../../shared/export/filename";
import type { DocNode } from "../../../shared/editor/schema";
import { PRINT_EXPORT_DELAY_MS } from "../../../shared/limits";
import { apiRequest } from "../../lib/api";
import { withoutComments } from "../../../shared/editor/without-comments";
import { withoutSuggestions } from "../../../shared/editor/without-suggestions";

export interface ExportSource {
  /** The document's id, when it has one: a Word export then carries its comment threads. */
  id?: string;
  title: string;
  content: unknown;
}

// Pending suggestions are not part of the text yet: exports show the document without them.
// Comment marks and people's suggestions travel only to Word (as Word comments and tracked
// changes there; the server leaves out the rest).
const asDoc = (content: unknown, forWord = false): DocNode => {
  if (!content || typeof content !== "object" || (content as DocNode).type !== "doc") return { type: "doc", content: [] };
  if (forWord) return content as DocNode;
  return withoutComments(withoutSuggestions(content as DocNode));
};

async function buildBlob(source: ExportSource, format: ExportFormat): Promise<Blob> {
  const doc = asDoc(source.content, format === "docx");
  switch (format) {
    case "md": {
      const { docToMarkdown } = await import("../../../shared/markdown/to-markdown");
      return new Blob([docToMarkdown(doc, { title: source.title })], { type: EXPORT_MIME.md });
    }
    case "html": {
      const { docToHtml } = await import("../../../shared/export/html");
      return new Blob([docToHtml(doc, { title: source.title })], { type: EXPORT_MIME.html });
    }
    case "txt": {
      const { docToText } = await import("../../../shared/export/text");
      return new Blob([docToText(doc, { title: source.title })], { type: EXPORT_MIME.txt });
    }
    case "pdf":
    case "docx": {
      const res = await apiRequest("POST", "/api/export", { format, title: source.title, content: doc, ...(format === "docx" && source.id ? { document_id: source.id } : {}) });
      return new Blob([await res.arrayBuffer()], { type: EXPORT_MIME[format] });
    }
  }
}

function download(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.rel = "noopener";
  a.style.display = "none";
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start reading the blob before it is released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Builds and downloads the file; resolves with its name. */
export async function exportDocument(source: ExportSource, format: ExportFormat, now = new Date()): Promise<string> {
  const blob = await buildBlob(source, format);
  const fileName = exportFileName(source.title, format, now);
  download(blob, fileName);
  return fileName;
}

/**
 * Print: the same sanitized HTML as the HTML export, in a hidden frame that may not run
 * script (sandbox without allow-scripts), printed after the spec's short delay so fonts
 * and layout settle.
 */
export async function printDocument(source: ExportSource): Promise<void> {
  const { docToHtml } = await import("../../../shared/export/html");
  const frame = document.createElement("iframe");
  frame.setAttribute("sandbox", "allow-modals allow-same-origin");
  frame.setAttribute("aria-hidden", "true");
  frame.style.cssText = "position:fixed;right:0;bottom:0;width:0;height:0;border:0;visibility:hidden";
  frame.srcdoc = docToHtml(asDoc(source.content), { title: source.title });
  await new Promise<void>((resolve, reject) => {
    frame.onload = () => resolve();
    frame.onerror = () => reject(new Error("print frame failed to load"));
    document.body.appendChild(frame);
  });
  await new Promise((r) => setTimeout(r, PRINT_EXPORT_DELAY_MS));
  const win = frame.contentWindow;
  if (!win) throw new Error("print frame unavailable");
  win.focus();
  win.print();
  // print() blocks until the dialog closes in most browsers; remove the frame afterwards.
  setTimeout(() => frame.remove(), 1000);
}
