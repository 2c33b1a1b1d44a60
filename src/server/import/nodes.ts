// The JSON the converters build: the document schema's nodes (src/shared/editor/extensions.ts),
// checked by validateDocContent before anything is stored.
export interface ImportMark {
  type: "bold" | "italic" | "underline" | "strike" | "code" | "link" | "superscript" | "subscript" | "highlight";
  attrs?: { href: string };
}
export interface ImportNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: ImportNode[];
  text?: string;
  marks?: ImportMark[];
}

export interface Converted {
  blocks: ImportNode[];
  /** A line the file marks as its title (Draftsmith's exports, a Word Title paragraph): used first. */
  explicitTitle?: string | undefined;
  /** An HTML <title>, used when there is no heading. */
  title?: string | undefined;
}

export function headingText(heading: ImportNode | undefined): string | null {
  if (heading?.type !== "heading") return null;
  const text = (heading.content ?? []).map((n) => n.text ?? "").join("").replace(/\s+/g, " ").trim();
  return text || null;
}
