import { Braces, FileCode, FileText, FileType, Link2, Printer } from "lucide-react";

// What a document can become, all of which ships (features/export, features/sharing): no
// logos of services Draftsmith does not connect to.
const FORMATS = [
  { label: "PDF", Icon: Printer },
  { label: "Word", Icon: FileType },
  { label: "Markdown", Icon: FileCode },
  { label: "HTML", Icon: Braces },
  { label: "Plain text", Icon: FileText },
  { label: "Share link", Icon: Link2 },
];

/** The row of export formats and the share link. */
export function ExportFormatsRow() {
  return (
    <ul aria-label="Export formats" className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
      {FORMATS.map(({ label, Icon }) => (
        <li key={label} className="flex flex-col items-center gap-2 rounded-lg border bg-card p-4 text-sm text-muted-foreground">
          <Icon aria-hidden="true" className="size-6 text-foreground" />
          {label}
        </li>
      ))}
    </ul>
  );
}
