// Plain-text export: blocks are joined with blank lines. The
// title comes first, as in the HTML, PDF and Word exports. List items keep their markers
// ("-" or "1.", "[ ]" or "[x]" for to-do items), nested lists are indented, quotes are prefixed with "> ", code blocks
// are kept verbatim, hard breaks become line breaks and a link keeps its address after
// its text, "text (url)", since plain text has no other place for it.
import { imageText } from "./image.js";
import { isAllowedHref } from "../editor/links.js";
import type { DocNode } from "../editor/schema.js";
import { collectFootnotes } from "./footnotes.js";
import { MAX_EXPORT_DEPTH, children, flatText, isChecked, markOf, orderedStart, textOf } from "./inline.js";
import { tableToText } from "./table-text.js";

export interface TextOptions {
  /** The document's title, written as the first line. */
  title?: string;
}

/** The numbers of the footnote references of the document being written (synchronous). */
let footnoteNumbers: Map<DocNode, number> = new Map();

/** Footnote references are written "[1]"; the notes follow the text, each opening with its number. */
export function docToText(doc: DocNode, opts: TextOptions = {}): string {
  const { body, numberOf, notes } = collectFootnotes(doc);
  footnoteNumbers = numberOf;
  let blocks: string[];
  try {
    blocks = renderBlocks(body, 0);
    for (const note of notes) blocks.push(`[${note.number}] ${renderBlocks(note.paragraphs, 1).join("\n")}`.trimEnd());
  } finally {
    footnoteNumbers = new Map();
  }
  if (opts.title !== undefined) blocks.unshift(opts.title.replace(/\s+/g, " ").trim() || "Untitled Document");
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
  let out = "";
  // The link being written: its address and the text it has covered so far.
  let link: { href: string; text: string } | null = null;
  const closeLink = () => {
    if (link && !sameAddress(link.text, link.href)) out += ` (${link.href})`;
    link = null;
  };
  for (const c of children(node)) {
    const href = c.type === "text" ? markOf(c, "link")?.attrs?.href : undefined;
    const wanted = isAllowedHref(href) ? href : null;
    if (link && link.href !== wanted) closeLink();
    if (c.type === "hardBreak") out += "\n";
    else if (c.type === "footnoteReference") {
      const n = footnoteNumbers.get(c);
      if (n) out += `[${n}]`;
    } else if (c.type === "text") {
      if (wanted) link ??= { href: wanted, text: "" };
      if (link) link.text += textOf(c);
      out += textOf(c);
    }
  }
  closeLink();
  return out;
}

/** True when a link's text already shows its address ("example.org" for https://example.org). */
function sameAddress(text: string, href: string): boolean {
  const bare = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/^(?:https?:\/\/|mailto:|tel:)/, "")
      .replace(/\/$/, "");
  return bare(text) === bare(href);
}

function renderBlock(node: DocNode, depth: number): string | null {
  const container = ["bulletList", "orderedList", "blockquote", "listItem", "taskList", "taskItem"].includes(node.type);
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
    case "footnotes":
      return null;
    case "table":
      return depth >= MAX_EXPORT_DEPTH ? flatText(node) || null : tableToText(node, (cell) => renderBlocks(children(cell), depth + 3));
    case "image":
      return imageText(node);
    case "bulletList":
    case "orderedList":
    case "taskList":
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
    const marker = ordered ? `${n++}.` : node.type === "taskList" ? (isChecked(item) ? "[x]" : "[ ]") : "-";
    const pad = " ".repeat(marker.length + 1);
    const parts =
      depth + 1 >= MAX_EXPORT_DEPTH ? [flatText(item)] : renderBlocks(item.type === "listItem" || item.type === "taskItem" ? children(item) : [item], depth + 2);
    const body = parts.join("\n").split("\n");
    body.forEach((line, i) => {
      if (i === 0) lines.push(line ? `${marker} ${line}` : marker);
      else lines.push(line ? `${pad}${line}` : "");
    });
  }
  return lines;
}
