// Plain-text export (editor spec §9: "plain text joins blocks with blank lines"). List
// items keep their markers ("-" or "1."), nested lists are indented, quotes are prefixed
// with "> ", code blocks are kept verbatim and hard breaks become line breaks.
import type { DocNode } from "../editor/schema.js";
import { MAX_EXPORT_DEPTH, children, flatText, orderedStart, textOf } from "./inline.js";

export function docToText(doc: DocNode): string {
  const blocks = renderBlocks(children(doc), 0);
  return blocks.length ? `${blocks.join("\n\n")}\n` : "";
}

/** Each block as its lines joined by "\n". */
function renderBlocks(nodes: DocNode[], depth: number): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    const block = renderBlock(node, depth);
    if (block !== null) out.push(block);
  }
  return out;
}

function inlineText(node: DocNode): string {
  return children(node)
    .map((c) => (c.type === "hardBreak" ? "\n" : c.type === "text" ? textOf(c) : ""))
    .join("");
}

function renderBlock(node: DocNode, depth: number): string | null {
  const container = ["bulletList", "orderedList", "blockquote", "listItem"].includes(node.type);
  if (container && depth >= MAX_EXPORT_DEPTH) return flatText(node) || null;
  switch (node.type) {
    case "paragraph":
    case "heading": {
      const text = inlineText(node);
      return text.trim() ? text : null;
    }
    case "codeBlock":
      return inlineText(node);
    case "horizontalRule":
      return "---";
    case "bulletList":
    case "orderedList":
      return renderList(node, depth).join("\n") || null;
    case "blockquote": {
      const inner = renderBlocks(children(node), depth + 1).join("\n\n");
      return inner ? inner.split("\n").map((l) => (l ? `> ${l}` : ">")).join("\n") : null;
    }
    case "text":
      return textOf(node) || null;
    default:
      return renderBlocks(children(node), depth + 1).join("\n\n") || null;
  }
}

function renderList(node: DocNode, depth: number): string[] {
  const ordered = node.type === "orderedList";
  let n = orderedStart(node);
  const lines: string[] = [];
  for (const item of children(node)) {
    const marker = ordered ? `${n++}.` : "-";
    const pad = " ".repeat(marker.length + 1);
    const parts =
      depth + 1 >= MAX_EXPORT_DEPTH ? [flatText(item)] : renderBlocks(item.type === "listItem" ? children(item) : [item], depth + 2);
    const body = parts.join("\n").split("\n");
    body.forEach((line, i) => {
      if (i === 0) lines.push(line ? `${marker} ${line}` : marker);
      else lines.push(line ? `${pad}${line}` : "");
    });
  }
  return lines;
}
