// Markdown export: bold, italic, code, headings, lists, quotes and code blocks map to
// Markdown, extended with strike, links, rules, hard breaks, GFM to-do lists ("- [x] done")
// and superscript, subscript and highlight as the HTML GitHub shows (<sup>, <sub>, <mark>). Every
// character of plain text that Markdown could read as markup is escaped, so the file
// parses back to exactly the document's structure. Underline, colours, fonts and the AI
// suggestion highlight have no Markdown form and are dropped (their text is kept).
import { isAllowedHref } from "../editor/links.js";
import type { DocNode } from "../editor/schema.js";
import {
  MAX_EXPORT_DEPTH,
  attr,
  children,
  flattenedParagraph,
  headingLevel,
  isChecked,
  marksOf,
  orderedStart,
  textOf,
} from "../export/inline.js";

const CODE_LANGUAGE = /^[a-z0-9_+#.-]{1,40}$/i;

export interface MarkdownOptions {
  /** The document's title, written first as a level-1 heading (the HTML, PDF and Word exports open with it too). */
  title?: string;
}

export function docToMarkdown(doc: DocNode, opts: MarkdownOptions = {}): string {
  const lines = renderBlocks(children(doc), 0);
  if (opts.title !== undefined) {
    const heading = titleHeading(opts.title);
    lines.unshift(...(lines.length ? [heading, ""] : [heading]));
  }
  return lines.length ? `${lines.join("\n")}\n` : "";
}

function titleHeading(title: string): string {
  // The title field is one line; whatever whitespace it holds becomes single spaces.
  const text = escapeText(title.replace(/\s+/g, " ").trim() || "Untitled Document");
  // As for headings in the body: a trailing run of "#" would be read as a closing sequence.
  return `# ${text.replace(/(#+)$/, "\\$1")}`;
}

// ---------------------------------------------------------------- blocks

function renderBlocks(nodes: DocNode[], depth: number, tight = false): string[] {
  const out: string[] = [];
  let previousList = null as { type: string; alt: boolean } | null;
  for (const node of nodes) {
    // Two lists of the same kind separated only by a blank line would merge into one;
    // switching the bullet character ("-" / "*", "." / ")") keeps them apart.
    // A to-do list is a bullet list to Markdown, so it alternates with bullet lists too.
    let alt = false;
    const kind = node.type === "taskList" ? "bulletList" : node.type;
    if (kind === "bulletList" || kind === "orderedList") {
      alt = previousList?.type === kind ? !previousList.alt : false;
    }
    const lines = renderBlock(node, depth, alt);
    // A block that writes nothing (an empty paragraph) does not separate two lists.
    if (lines === null) continue;
    previousList = kind === "bulletList" || kind === "orderedList" ? { type: kind, alt } : null;
    const nestedList = kind === "bulletList" || kind === "orderedList";
    if (out.length && !(tight && nestedList)) out.push("");
    out.push(...lines);
  }
  return out;
}

function renderBlock(node: DocNode, depth: number, alt: boolean): string[] | null {
  const container = ["bulletList", "orderedList", "blockquote", "listItem", "taskList", "taskItem"].includes(node.type);
  if (container && depth >= MAX_EXPORT_DEPTH) return renderBlock(flattenedParagraph(node), depth, alt);
  switch (node.type) {
    case "paragraph": {
      const text = renderInline(children(node), false);
      return text ? text.split("\n") : null;
    }
    case "heading": {
      let text = renderInline(children(node), true);
      // A trailing run of "#" would be read as the heading's optional closing sequence.
      text = text.replace(/(#+)$/, "\\$1");
      return [`${"#".repeat(headingLevel(node))}${text ? ` ${text}` : ""}`];
    }
    case "bulletList":
    case "orderedList":
    case "taskList":
      return renderList(node, depth, alt);
    case "blockquote": {
      const inner = renderBlocks(children(node), depth + 1);
      return inner.length ? inner.map((l) => (l ? `> ${l}` : ">")) : [">"];
    }
    case "codeBlock":
      return renderCodeBlock(node);
    case "horizontalRule":
      return ["---"];
    case "text":
    case "hardBreak":
      return renderBlock({ type: "paragraph", content: [node] }, depth, alt);
    default: {
      // Unknown block: keep its content.
      const inner = renderBlocks(children(node), depth + 1);
      return inner.length ? inner : null;
    }
  }
}

function renderList(node: DocNode, depth: number, alt: boolean): string[] {
  const ordered = node.type === "orderedList";
  let n = orderedStart(node);
  const out: string[] = [];
  for (const item of children(node)) {
    const marker = ordered ? `${n++}${alt ? ")" : "."}` : alt ? "*" : "-";
    const pad = " ".repeat(marker.length + 1);
    // A to-do item: "- [x] text"; what follows its first line is indented under the "- ".
    const task = item.type === "taskItem" ? (isChecked(item) ? "[x]" : "[ ]") : null;
    const body =
      item.type === "listItem" || item.type === "taskItem"
        ? depth + 1 >= MAX_EXPORT_DEPTH
          ? (renderBlock(flattenedParagraph(item), depth + 1, false) ?? [])
          : renderBlocks(children(item), depth + 2, true)
        : (renderBlock(item, depth + 2, false) ?? []);
    if (!body.length) {
      out.push(task ? `${marker} ${task}` : marker);
      continue;
    }
    body.forEach((line, i) => {
      if (i === 0) out.push(task ? `${marker} ${task} ${line}` : `${marker} ${line}`);
      else out.push(line ? `${pad}${line}` : "");
    });
  }
  return out;
}

function renderCodeBlock(node: DocNode): string[] {
  const code = children(node)
    .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
    .join("")
    .replace(/\r\n?/g, "\n");
  const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(Math.max(3, longest + 1));
  const language = attr(node, "language");
  const info = typeof language === "string" && CODE_LANGUAGE.test(language) ? language : "";
  return [`${fence}${info}`, ...(code ? code.split("\n") : []), fence];
}

// ---------------------------------------------------------------- inline

type MdMark = "link" | "bold" | "italic" | "strike" | "highlight" | "superscript" | "subscript" | "code";
const MARK_ORDER: MdMark[] = ["link", "bold", "italic", "strike", "highlight", "superscript", "subscript", "code"];
const OPEN: Record<Exclude<MdMark, "link" | "code">, string> = {
  bold: "**",
  italic: "*",
  strike: "~~",
  highlight: "<mark>",
  superscript: "<sup>",
  subscript: "<sub>",
};
const CLOSE: Record<Exclude<MdMark, "link" | "code">, string> = { ...OPEN, highlight: "</mark>", superscript: "</sup>", subscript: "</sub>" };
const MD_MARKS = new Set<string>(MARK_ORDER);

interface Piece {
  text: string;
  /** Mark keys: "bold", "italic", "strike", "code" or "link:<href>". */
  marks: string[];
  hardBreak?: boolean;
}

function markKeys(node: DocNode): string[] {
  const keys: string[] = [];
  for (const m of marksOf(node)) {
    if (m.type === "link") {
      const href = m.attrs?.href;
      if (isAllowedHref(href)) keys.push(`link:${href}`);
    } else if (MD_MARKS.has(m.type)) keys.push(m.type);
  }
  const rank = (k: string) => MARK_ORDER.indexOf(k.startsWith("link:") ? "link" : (k as MdMark));
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b));
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const intersect = (a: string[], b: string[]) => a.filter((k) => b.includes(k));

/** Splits text nodes so whitespace never sits just inside an emphasis delimiter (where Markdown would not read it). */
function pieces(nodes: DocNode[], heading: boolean): Piece[] {
  const raw: Piece[] = [];
  for (const node of nodes) {
    if (node.type === "hardBreak") raw.push(heading ? { text: " ", marks: [] } : { text: "", marks: [], hardBreak: true });
    else if (node.type === "text") {
      const text = textOf(node).replace(/[\r\n]+/g, " ");
      if (text) raw.push({ text, marks: markKeys(node) });
    }
  }
  const out: Piece[] = [];
  raw.forEach((p, i) => {
    if (p.hardBreak || p.marks.includes("code") || p.marks.length === 0) {
      out.push(p);
      return;
    }
    const prev = raw[i - 1]?.marks ?? [];
    const next = raw[i + 1]?.marks ?? [];
    // trimStart/trimEnd rather than a regex: linear on any input.
    const start = p.text.length - p.text.trimStart().length;
    const core = p.text.trim();
    const end = start + core.length;
    if (start) out.push({ text: p.text.slice(0, start), marks: intersect(p.marks, prev) });
    if (core) out.push({ text: core, marks: p.marks });
    if (end < p.text.length) out.push({ text: p.text.slice(end), marks: intersect(p.marks, next) });
  });
  // Merge neighbours with the same marks, so a code span or link is written once.
  const merged: Piece[] = [];
  for (const p of out) {
    const last = merged[merged.length - 1];
    if (last && !last.hardBreak && !p.hardBreak && same(last.marks, p.marks)) last.text += p.text;
    else merged.push({ ...p });
  }
  return merged;
}

function renderInline(nodes: DocNode[], heading: boolean): string {
  let out = "";
  const stack: string[] = [];
  const close = (key: string) => {
    if (key.startsWith("link:")) out += `](${linkDestination(key.slice(5))})`;
    else if (key !== "code") out += CLOSE[key as keyof typeof CLOSE];
  };
  const list = pieces(nodes, heading);
  // A hard break at the very end of a block has no Markdown form (and means nothing).
  while (list.length && list[list.length - 1]!.hardBreak) list.pop();
  for (const piece of list) {
    const wanted = piece.hardBreak ? stack.filter((k) => k !== "code") : piece.marks;
    let keep = 0;
    while (keep < stack.length && wanted.includes(stack[keep]!)) keep++;
    while (stack.length > keep) close(stack.pop()!);
    for (const key of wanted) {
      if (stack.includes(key)) continue;
      stack.push(key);
      if (key.startsWith("link:")) out += "[";
      else if (key !== "code") out += OPEN[key as keyof typeof OPEN];
    }
    if (piece.hardBreak) out += "\\\n";
    else out += piece.marks.includes("code") ? codeSpan(piece.text) : escapeText(piece.text);
  }
  while (stack.length) close(stack.pop()!);
  return out
    .split("\n")
    .map((line) => escapeLineStart(line))
    .join("\n");
}

function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad = text.startsWith("`") || text.endsWith("`") || (/^ .* $/.test(text) && text.trim() !== "") ? " " : "";
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * Backslash-escapes every character that can start inline markup anywhere in a line,
 * including what GFM would turn into a link on its own (URLs, "www." and e-mail addresses).
 */
export function escapeText(text: string): string {
  return text
    .replace(/[\\`*_[\]<>~|@]/g, "\\$&")
    .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
    .replace(/:(?=\/\/)/g, "\\:")
    .replace(/\b(www)\./gi, "$1\\.");
}

/** Characters that only mean something at the start of a line (headings, lists, rules, setext underlines, indented code). */
function escapeLineStart(line: string): string {
  let rest = line;
  let lead = "";
  const ws = /^[ \t]+/.exec(rest);
  if (ws) {
    lead = ws[0].replace(/ /g, "&#32;").replace(/\t/g, "&#9;");
    rest = rest.slice(ws[0].length);
    return lead + rest;
  }
  if (/^[#\-+=]/.test(rest)) return `\\${rest}`;
  return rest.replace(/^(\d+)([.)])/, "$1\\$2");
}

function linkDestination(href: string): string {
  return href.replace(/[\s<>()\\\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}
