// Helpers the exporters share: reading a node's marks and attributes defensively (the
// serializers also run on documents that never went through validateDocContent) and
// turning a too-deep subtree into plain text without recursion.
import { type HeadingLevel, isHeadingLevel } from "../editor/nodes/heading.js";
import type { DocNode } from "../editor/schema.js";
import { ORDERED_LIST_START_LIMIT } from "../limits.js";

/** Deeper block nesting than this is flattened to a paragraph of its text. */
export const MAX_EXPORT_DEPTH = 48;

export type Mark = NonNullable<DocNode["marks"]>[number];

export function children(node: DocNode): DocNode[] {
  return Array.isArray(node.content) ? node.content.filter((c): c is DocNode => !!c && typeof c === "object") : [];
}

export function marksOf(node: DocNode): Mark[] {
  return Array.isArray(node.marks) ? node.marks.filter((m): m is Mark => !!m && typeof m === "object" && typeof m.type === "string") : [];
}

export function hasMark(node: DocNode, type: string): boolean {
  return marksOf(node).some((m) => m.type === type);
}

export function markOf(node: DocNode, type: string): Mark | undefined {
  return marksOf(node).find((m) => m.type === type);
}

export function attr(node: { attrs?: Record<string, unknown> }, key: string): unknown {
  return node.attrs && typeof node.attrs === "object" ? node.attrs[key] : undefined;
}

export function textOf(node: DocNode): string {
  return typeof node.text === "string" ? node.text : "";
}

export function headingLevel(node: DocNode): HeadingLevel {
  const level = attr(node, "level");
  return isHeadingLevel(level) ? level : 1;
}

/** Whether a to-do item is ticked (anything but `true` reads as not). */
export function isChecked(node: DocNode): boolean {
  return attr(node, "checked") === true;
}

export function orderedStart(node: DocNode): number {
  const start = attr(node, "start");
  return typeof start === "number" && Number.isInteger(start) && start >= 0 && start < ORDERED_LIST_START_LIMIT ? start : 1;
}

/** The text of a subtree, one line per block, collected without recursion. */
export function flatText(node: DocNode): string {
  const out: string[] = [];
  const stack: (DocNode | "\n")[] = [node];
  while (stack.length) {
    const item = stack.pop()!;
    if (item === "\n") {
      if (out.length && out[out.length - 1] !== "\n") out.push("\n");
      continue;
    }
    if (item.type === "text") out.push(textOf(item));
    else if (item.type === "hardBreak") out.push("\n");
    else {
      stack.push("\n");
      const kids = children(item);
      for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i]!);
    }
  }
  return out.join("").replace(/\n{2,}/g, "\n").trim();
}

/** Inline nodes of a textblock with a too-deep subtree replaced by its text. */
export function flattenedParagraph(node: DocNode): DocNode {
  const text = flatText(node);
  const content: DocNode[] = [];
  text.split("\n").forEach((line, i) => {
    if (i > 0) content.push({ type: "hardBreak" });
    if (line) content.push({ type: "text", text: line });
  });
  return { type: "paragraph", content };
}
