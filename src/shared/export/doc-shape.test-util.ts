// Comparing documents across a round trip (export, then import): their structure and the
// chosen marks and attributes, with text runs that became alike joined, so a format's known
// losses (Markdown has no underline) can be left aside. Used by the import tests and e2e.
import type { DocNode } from "../editor/schema.js";

export function docShape(node: DocNode, keepMarks: string[], keepAttrs: string[]): unknown {
  const attrs = Object.fromEntries(Object.entries(node.attrs ?? {}).filter(([k, v]) => keepAttrs.includes(k) && v !== null && v !== "left"));
  const out: Record<string, unknown> = { type: node.type };
  if (Object.keys(attrs).length) out.attrs = attrs;
  if (node.text !== undefined) out.text = node.text;
  const marks = (node.marks ?? []).filter((m) => keepMarks.includes(m.type)).map((m) => (m.type === "link" ? `link:${m.attrs?.href}` : m.type));
  if (marks.length) out.marks = marks.sort();
  if (node.content) {
    const content: Record<string, unknown>[] = [];
    for (const child of node.content.map((c) => docShape(c, keepMarks, keepAttrs) as Record<string, unknown>)) {
      const last = content.at(-1);
      if (last?.type === "text" && child.type === "text" && JSON.stringify(last.marks) === JSON.stringify(child.marks)) last.text = `${last.text}${child.text}`;
      else content.push(child);
    }
    out.content = content;
  }
  return out;
}
