// Markdown export: bold, italic, code, headings, lists, quotes and code blocks map to
// Markdown, extended with strike, links, rules, hard breaks, GFM to-do lists ("- [x] done")
// and superscript, subscript and highlight as the HTML GitHub shows (<sup>, <sub>, <mark>). Every
// character of plain text that Markdown could read as markup is escaped, so the file
// parses back to exactly the document's structure. Underline, colours, fonts and the AI
// suggestion highlight have no Markdown form and are dropped (their text is kept).
import { isAllowedHref } from "../editor/links.js";
import { codeLanguage } from "../editor/nodes/code-languages.js";
import type { DocNode } from "../editor/schema.js";
import { imageMarkdown } from "../export/image.js";
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
import { collectFootnotes } from "../export/footnotes.js";
import { tableToMarkdown } from "./table-markdown.js";
import { ORDERED_LIST_START_LIMIT } from "../limits.js";

export interface MarkdownOptions {
  /** The document's title, written first as a level-1 heading (the HTML, PDF and Word exports open with it too). */
  title?: string;
}

/** The numbers of the footnote references of the document being written (docToMarkdown is synchronous). */
let footnoteNumbers: Map<DocNode, number> = new Map();

export function docToMarkdown(doc: DocNode, opts: MarkdownOptions = {}): string {
  const { body, numberOf, notes } = collectFootnotes(doc);
  footnoteNumbers = numberOf;
  let lines: string[];
  try {
    lines = renderBlocks(body, 0);
    // GFM footnotes: "[^1]: text", a note's further paragraphs indented by four spaces.
    for (const note of notes) {
      const paragraphs = renderBlocks(note.paragraphs, 1);
      if (lines.length) lines.push("");
      const [first = "", ...rest] = paragraphs;
      lines.push(`[^${note.number}]:${first ? ` ${first}` : ""}`);
      for (const line of rest) lines.push(line ? `    ${line}` : "");
    }
  } finally {
    footnoteNumbers = new Map();
  }
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
      let text = renderInline(children(node), false);
      if (readsAsDefinition(text)) text = renderInline(children(node), false, true);
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
      // In a list, "- ---" (and "* * * *") is one rule for the whole line, not an item holding one.
      return [depth > 0 ? "___" : "---"];
    case "footnotes":
      // Written after the body (docToMarkdown).
      return null;
    case "table":
      return depth >= MAX_EXPORT_DEPTH ? renderBlock(flattenedParagraph(node), depth, alt) : tableToMarkdown(node, depth, (nodes) => renderInline(nodes, false));
    case "image":
      return [imageMarkdown(node)];
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
    // Past nine digits a number is no list marker; only the first item's number counts.
    const marker = ordered ? `${Math.min(n++, ORDERED_LIST_START_LIMIT - 1)}${alt ? ")" : "."}` : alt ? "*" : "-";
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
  // The reader resolves backslash escapes and entities in an info string: "\\" and "\\&" keep them as written.
  const info = (codeLanguage(attr(node, "language")) ?? "").replace(/[\\&]/g, "\\$&");
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
  /** Written as it is: a footnote reference, "[^1]". */
  raw?: boolean;
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

// Punctuation (ASCII and Unicode) or whitespace at a text's start or end, as Markdown readers
// count them (CommonMark 0.31 counts Unicode symbols too; not all readers do, so they are left out).
const PUNCT_OR_SPACE_START = /^[\s\p{P}!-/:-@[-`{-~]/u;
const PUNCT_OR_SPACE_END = /[\s\p{P}!-/:-@[-`{-~]$/u;
const same = (a: string[], b: string[]) => a.length === b.length && a.every((k, i) => k === b[i]);
const intersect = (a: string[], b: string[]) => a.filter((k) => b.includes(k));

/** Splits text nodes so whitespace never sits just inside an emphasis delimiter (where Markdown would not read it). */
function pieces(nodes: DocNode[], heading: boolean): Piece[] {
  const raw: Piece[] = [];
  for (const node of nodes) {
    if (node.type === "hardBreak") raw.push(heading ? { text: " ", marks: [] } : { text: "", marks: [], hardBreak: true });
    else if (node.type === "footnoteReference") {
      const n = footnoteNumbers.get(node);
      if (n) raw.push({ text: `[^${n}]`, marks: [], raw: true });
    }
    else if (node.type === "text") {
      const text = textOf(node).replace(/[\r\n]+/g, " ");
      if (text) raw.push({ text, marks: markKeys(node) });
    }
  }
  const out: Piece[] = [];
  // Whitespace just inside a delimiter would stop Markdown from reading it ("*a *" is no
  // emphasis), so it moves outside, losing the marks the neighbour lacks. Written as a character
  // reference ("*a&#32;*") it is no whitespace to the reader and keeps them, when what is on the
  // delimiter's other side is punctuation, whitespace or the block's edge (CommonMark's flanking
  // rules; "*a&#32;*b" would still not close).
  const entities = (ws: string): string => [...ws].map((c) => `&#${c.codePointAt(0)};`).join("");
  const edge = (q: Piece | undefined, marks: string[], side: "start" | "end") =>
    !q || q.hardBreak || q.raw || q.marks.includes("code") || q.marks.some((k) => !marks.includes(k)) || (side === "start" ? PUNCT_OR_SPACE_START : PUNCT_OR_SPACE_END).test(q.text);
  const lost = (marks: string[], other: string[]) => marks.some((k) => !other.includes(k));
  raw.forEach((p, i) => {
    if (p.hardBreak || p.raw || p.marks.includes("code") || p.marks.length === 0) {
      out.push(p);
      return;
    }
    const prev = raw[i - 1]?.marks ?? [];
    const next = raw[i + 1]?.marks ?? [];
    const afterPunct = edge(raw[i - 1], p.marks, "end");
    const beforePunct = edge(raw[i + 1], p.marks, "start");
    // trimStart/trimEnd rather than a regex: linear on any input.
    const start = p.text.length - p.text.trimStart().length;
    const core = p.text.trim();
    const end = start + core.length;
    if (!core) {
      // Only whitespace, between two neighbours: its marks, if both its sides allow it.
      if (!lost(p.marks, prev) && !lost(p.marks, next)) out.push(p);
      else if ((!lost(p.marks, prev) || afterPunct) && (!lost(p.marks, next) || beforePunct)) out.push({ text: entities(p.text), marks: p.marks, raw: true });
      else out.push({ text: p.text, marks: intersect(intersect(p.marks, prev), next) });
      return;
    }
    if (start) {
      const lead = p.text.slice(0, start);
      if (lost(p.marks, prev) && afterPunct) out.push({ text: entities(lead), marks: p.marks, raw: true });
      else out.push({ text: lead, marks: intersect(p.marks, prev) });
    }
    out.push({ text: core, marks: p.marks });
    if (end < p.text.length) {
      const trail = p.text.slice(end);
      if (lost(p.marks, next) && beforePunct) out.push({ text: entities(trail), marks: p.marks, raw: true });
      else out.push({ text: trail, marks: intersect(p.marks, next) });
    }
  });
  // Merge neighbours with the same marks, so a code span or link is written once.
  const merged: Piece[] = [];
  for (const p of out) {
    const last = merged[merged.length - 1];
    if (last && !last.hardBreak && !p.hardBreak && !last.raw && !p.raw && same(last.marks, p.marks)) last.text += p.text;
    else merged.push({ ...p });
  }
  return merged;
}

const WORD_CHAR = /^[^\s\p{P}!-/:-@[-`{-~]$/u;
const kindOf = (c: string) => (!c || /^\s$/u.test(c) ? "space" : WORD_CHAR.test(c) ? "word" : "punct");

/**
 * An emphasis delimiter ("*", "**", "~~") between punctuation and a letter counts on one side
 * only for the reader (CommonMark's flanking rules): "**`x`**b" and "a**(x)**" are no bold,
 * and a code span, a tag such as </sup> or a link's ")" always ends in punctuation. Says
 * whether the letter just before the delimiters written between two pieces (`left`; the
 * closers end at `closersEnd`, the openers follow) or the one just after them (`right`) must be written as a character reference ("&#98;"), which is
 * punctuation to the reader and leaves the text as it was.
 */
function lettersToWriteAsReferences(left: string, between: string, closersEnd: number, right: string): { left: boolean; right: boolean } {
  const need = { left: false, right: false };
  for (const m of between.matchAll(/\*+|~+/g)) {
    const end = m.index + m[0].length;
    const before = kindOf(m.index === 0 ? left : between[m.index - 1]!);
    const after = kindOf(end === between.length ? right : between[end]!);
    // An opener needs no punctuation after it unless there is some before; a closer the reverse.
    if (end > closersEnd && m.index === 0 && before === "word" && after === "punct") need.left = true;
    if (m.index < closersEnd && end === between.length && before === "punct" && after === "word") need.right = true;
  }
  return need;
}

const characterReference = (c: string) => `&#${c.codePointAt(0)};`;

/**
 * Whether a paragraph written as `text` opens the way a link reference definition ("[label]:")
 * or a footnote ("[^1]:") does, which Markdown reads before anything inline: a "[" at its start
 * (a link's, or a footnote reference's; a "[" of text is escaped) whose label, up to the first
 * "]" not escaped, holds no "[" and is followed by ":". Plain text escapes "]", so that "]" is
 * in a code span (a link on `` `]:x` ``, "[`]:x`](url)") or closes a footnote reference
 * followed by text ("[^1]: as noted"). Scans as markdown-it's reference rule does, across the
 * paragraph's lines.
 */
function readsAsDefinition(text: string): boolean {
  if (!text.startsWith("[")) return false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "[") return false;
    else if (c === "]") return text[i + 1] === ":";
  }
  return false;
}

/**
 * Renders inline content as Markdown. `guard` writes a paragraph that would read as a
 * definition (readsAsDefinition) so that it cannot: its text's ":" is escaped ("[^1]\: as
 * noted"), and the first link's address follows a space ("[`]:x`]( url)", the same link to
 * every CommonMark reader), so what follows the label's ":" cannot be a definition's
 * destination (it would hold that link's "(" unclosed before the space) nor, the quotes of the
 * text escaped too, its title (which must end its line: a quote in a code span is followed by
 * the closing backtick, one in an address by ")").
 */
function renderInline(nodes: DocNode[], heading: boolean, guard = false): string {
  let out = "";
  const stack: string[] = [];
  let spaced = !guard;
  const close = (key: string) => {
    if (key.startsWith("link:")) {
      out += `](${spaced ? "" : " "}${linkDestination(key.slice(5))})`;
      spaced = true;
    } else if (key !== "code") out += CLOSE[key as keyof typeof CLOSE];
  };
  const list = pieces(nodes, heading);
  // A hard break at the very end of a block has no Markdown form (and means nothing).
  while (list.length && list[list.length - 1]!.hardBreak) list.pop();
  // How many pieces from the i-th on carry each mark (a hard break carries what goes on after
  // it), counted once from the end: linear however the marks alternate.
  const reach: Map<string, number>[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const after = reach[i + 1];
    const keys = list[i]!.hardBreak ? [...(after?.keys() ?? [])] : list[i]!.marks;
    reach[i] = new Map(keys.map((k) => [k, 1 + (after?.get(k) ?? 0)]));
  }
  // The last character the previous piece wrote ("" at the start, "\n" after a break), and
  // whether it is a letter of plain text, written as it is at the end of `out`.
  let lastChar = "";
  let lastIsPlainLetter = false;
  list.forEach((piece, i) => {
    const junction = out.length;
    // A hard break stays inside the marks that go on after it; the others close before it
    // (closed at the next line's start, "**" would open there instead).
    const wanted = piece.hardBreak ? stack.filter((k) => k !== "code" && reach[i]!.has(k)) : piece.marks;
    let keep = 0;
    while (keep < stack.length && wanted.includes(stack[keep]!)) keep++;
    while (stack.length > keep) close(stack.pop()!);
    const closersEnd = out.length - junction;
    // Marks opened together nest by how far they go: the one that goes on past the others is
    // opened first, so the others close without closing it ("***foo** bar*", not "***foo**** bar*").
    const opening = wanted.filter((key) => !stack.includes(key));
    const far = reach[i]!;
    for (const key of [...opening].sort((a, b) => (far.get(b) ?? 0) - (far.get(a) ?? 0))) {
      if (stack.includes(key)) continue;
      stack.push(key);
      if (key.startsWith("link:")) out += "[";
      else if (key !== "code") out += OPEN[key as keyof typeof OPEN];
    }
    const code = piece.marks.includes("code");
    const chars = [...piece.text];
    const plain = !piece.hardBreak && !piece.raw && !code;
    let head = "";
    if (!piece.hardBreak) {
      const need = lettersToWriteAsReferences(lastChar, out.slice(junction), closersEnd, code ? "`" : (chars[0] ?? ""));
      if (need.left && lastIsPlainLetter) out = `${out.slice(0, junction - lastChar.length)}${characterReference(lastChar)}${out.slice(junction)}`;
      if (need.right && plain && chars.length) head = characterReference(chars.shift()!);
    }
    if (piece.hardBreak) out += "\\\n";
    else if (piece.raw) out += piece.text;
    else if (code) out += codeSpan(piece.text);
    else {
      let text = escapeText(chars.join(""), guard);
      // "!" just before a link would make it an image ("![text](url)"); escaped it stays a "!".
      if (text.endsWith("!") && list[i + 1]?.marks.some((k) => k.startsWith("link:") && !piece.marks.includes(k))) text = `${text.slice(0, -1)}\\!`;
      out += head + text;
    }
    lastChar = piece.hardBreak ? "\n" : code ? "`" : (chars.at(-1) ?? (head ? ";" : lastChar));
    lastIsPlainLetter = plain && chars.length > 0 && kindOf(lastChar) === "word";
  });
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
export function escapeText(text: string, guard = false): string {
  const escaped = text
    // `guard` (renderInline): every ":" and quote too, which also keeps "://" from reading as an address.
    .replace(guard ? /[\\`*_[\]<>~|@:"']/g : /[\\`*_[\]<>~|@]/g, "\\$&")
    // "==" opens or closes a highlight for the reader (from-markdown.ts); "=\=" is two equals signs.
    .replace(/=(?==)/g, "=\\")
    .replace(/&(?=#?[a-z0-9]+;)/gi, "\\&")
    .replace(/\b(www)\./gi, "$1\\.");
  return guard ? escaped : escaped.replace(/:(?=\/\/)/g, "\\:");
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

/**
 * A link's address as Markdown reads it back: parentheses escaped with a backslash (percent-encoded
 * they would come back as another address, "%28"), what Markdown cannot hold percent-encoded.
 */
function linkDestination(href: string): string {
  return href
    .replace(/[\s<>\\\u0000-\u001f\u007f]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)
    .replace(/[()]/g, "\\$&");
}
