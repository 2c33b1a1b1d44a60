// The document's headings in order, for the outline panel (Docs' document outline): each with
// its level, its text as read (pending suggested insertions included, as the text shows them)
// and where it starts, so a press can move the cursor there.
import type { Node as PMNode } from "@tiptap/pm/model";

export interface OutlineEntry {
  level: number;
  text: string;
  /** The heading node's position in the document. */
  pos: number;
}

export function readOutline(doc: PMNode): OutlineEntry[] {
  const entries: OutlineEntry[] = [];
  doc.descendants((node, pos) => {
    if (node.type.name === "heading") {
      const text = node.textContent.replace(/\s+/g, " ").trim();
      if (text) entries.push({ level: Number(node.attrs.level) || 1, text, pos });
      // Nothing inside a heading is another heading.
      return false;
    }
    // Text blocks hold no headings; skipping them keeps a long document's walk short.
    return !node.isTextblock;
  });
  return entries;
}

/** Same headings in the same places: the panel re-renders only when this is false. */
export function sameOutline(a: OutlineEntry[], b: OutlineEntry[]): boolean {
  if (a.length !== b.length) return false;
  return a.every((e, i) => {
    const f = b[i];
    return !!f && e.level === f.level && e.text === f.text && e.pos === f.pos;
  });
}
