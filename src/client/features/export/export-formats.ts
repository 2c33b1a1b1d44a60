// The formats the Export menu and the command palette offer, in their order.
import type { ExportFormat } from "../../../shared/export/filename";

export const EXPORT_ITEMS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: "pdf", label: "PDF", hint: ".pdf" },
  { format: "docx", label: "Word", hint: ".docx" },
  { format: "md", label: "Markdown", hint: ".md" },
  { format: "html", label: "HTML", hint: ".html" },
  { format: "txt", label: "Text", hint: ".txt" },
];
