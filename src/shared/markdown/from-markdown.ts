// Markdown → editor JSON, for model answers. markdown-it (CommonMark, plus GFM strikethrough)
// reads the text; its flat token stream is turned into the document schema's nodes:
// paragraphs, headings 1–6, bullet and numbered lists, GFM to-do lists ("- [x] done", when
// every item of a list has its box), block quotes, code blocks, rules and hard breaks, with
// bold, italic, strike, inline code, links and the <sup>, <sub> and <mark> tags GitHub keeps
// (no other HTML is read).
// Raw HTML, tables and images have no node here and stay literal text, so the result
// always fits the schema (src/shared/editor/extensions.ts).
import markdownit, { type MarkdownIt, type Token } from "markdown-it";
import { isAllowedHref } from "../editor/links.js";

export interface JsonMark {
  type: "bold" | "italic" | "strike" | "code" | "link" | "superscript" | "subscript" | "highlight";
  attrs?: { href: string };
}
export interface JsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JsonNode[];
  text?: string;
  marks?: JsonMark[];
}

// Deep enough for any real answer; keeps the result well inside the nesting the server
// accepts on save (MAX_DOC_DEPTH in src/shared/editor/validate.ts).
const MAX_NESTING = 40;
const CODE_LANGUAGE = /^[a-z0-9_+#.-]{1,40}$/i;

let parser: MarkdownIt | null = null;

function markdownIt(): MarkdownIt {
  if (!parser) {
    parser = markdownit("default", { html: false, linkify: false, maxNesting: MAX_NESTING });
    // No table node in the schema: a table's source stays readable as text.
    parser.disable("table");
    parser.inline.ruler.before("html_inline", "format_tags", formatTag);
  }
  return parser;
}

const FORMAT_TAG = /^<(\/?)(sup|sub|mark)>/i;
const TAG_MARKS: Record<string, JsonMark["type"]> = { sup: "superscript", sub: "subscript", mark: "highlight" };

/**
 * Reads <sup>, <sub>, <mark> and their closing tags (exactly so written) as format_tag tokens
 * (meta: the mark and whether the tag closes it). An inline rule: the import's own reader
 * (src/server/import/convert-markdown.ts) adds it to its parser too.
 */
export function formatTag(state: { src: string; pos: number; push(type: string, tag: string, nesting: number): Token }, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c) return false;
  const match = FORMAT_TAG.exec(state.src.slice(state.pos, state.pos + 8));
  if (!match) return false;
  if (!silent) {
    const token = state.push("format_tag", "", 0);
    token.content = match[0];
    token.meta = { mark: TAG_MARKS[match[2]!.toLowerCase()], close: match[1] === "/" };
  }
  state.pos += match[0].length;
  return true;
}

/** "[ ] " or "[x] " opening a list item's first paragraph (GFM's task list item marker). */
const TASK_MARKER = /^\[([ xX])\](?:[ \t]+|$)/;

/**
 * Marks the bullet lists whose every item opens with a task marker (meta.task) and their
 * items (meta.checked), and takes the marker out of the item's text. A list with some items
 * unmarked stays a bullet list, its markers kept as text.
 */
export function markTaskLists(tokens: Token[]): void {
  for (let i = 0; i < tokens.length; i++) {
    const list = tokens[i]!;
    if (list.type !== "bullet_list_open") continue;
    const items: { item: Token; inline: Token; marker: RegExpExecArray }[] = [];
    for (let j = i + 1; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.type === "bullet_list_close" && t.level === list.level) break;
      if (t.type !== "list_item_open" || t.level !== list.level + 1) continue;
      const inline = tokens[j + 2];
      const marker = tokens[j + 1]?.type === "paragraph_open" && inline?.type === "inline" ? TASK_MARKER.exec(inline.content) : null;
      if (!marker || !inline) {
        items.length = 0;
        break;
      }
      items.push({ item: t, inline, marker });
    }
    if (!items.length) continue;
    list.meta = { task: true };
    for (const { item, inline, marker } of items) {
      item.meta = { task: true, checked: marker[1] !== " " };
      let strip = marker[0].length;
      for (const child of inline.children ?? []) {
        if (!strip || child.type !== "text") break;
        const n = Math.min(strip, child.content.length);
        child.content = child.content.slice(n);
        strip -= n;
      }
    }
  }
}

const BLOCK_TYPES: Record<string, string> = {
  paragraph_open: "paragraph",
  heading_open: "heading",
  bullet_list_open: "bulletList",
  ordered_list_open: "orderedList",
  list_item_open: "listItem",
  blockquote_open: "blockquote",
};

const INLINE_MARKS: Record<string, JsonMark["type"]> = {
  strong_open: "bold",
  em_open: "italic",
  s_open: "strike",
};

function blockAttrs(token: Token): Record<string, unknown> | undefined {
  if (token.type === "heading_open") return { level: Math.min(6, Number(token.tag.slice(1)) || 1) };
  if (token.type === "list_item_open" && token.meta?.task) return { checked: token.meta.checked === true };
  if (token.type === "ordered_list_open") {
    const start = Number(token.attrGet("start") ?? 1);
    return Number.isInteger(start) && start !== 1 && start >= 0 && start < 1e6 ? { start } : undefined;
  }
  return undefined;
}

/** Appends a text node, joining it to the previous one when the marks are the same. */
function pushText(out: JsonNode[], text: string, marks: JsonMark[]): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) {
    last.text += text;
    return;
  }
  out.push(marks.length ? { type: "text", text, marks } : { type: "text", text });
}

/** The children of one inline token → text nodes with marks (innermost mark first) and hard breaks. */
function inlineNodes(tokens: Token[]): JsonNode[] {
  const out: JsonNode[] = [];
  // Open marks, outermost first; null for a link whose scheme is not allowed (its text stays, unlinked).
  const open: (JsonMark | null)[] = [];
  // Marks of <sup>, <sub> and <mark>, kept apart: their tags need not nest with the rest.
  const tags: JsonMark["type"][] = [];
  const current = () => {
    const marks = open.filter((m): m is JsonMark => m !== null).reverse();
    // Superscript and subscript exclude each other: the innermost one counts.
    const shift = tags.findLast((t) => t === "superscript" || t === "subscript");
    const other = [...new Set(tags.filter((t) => t === "highlight"))];
    return [...(shift ? [{ type: shift }] : []), ...other.map((type) => ({ type })), ...marks];
  };
  for (const token of tokens) {
    const mark = INLINE_MARKS[token.type];
    if (token.type === "format_tag") {
      const { mark: type, close } = token.meta as { mark: JsonMark["type"]; close: boolean };
      const at = tags.lastIndexOf(type);
      if (!close) tags.push(type);
      else if (at >= 0) tags.splice(at, 1);
      else pushText(out, token.content, current());
    } else if (mark) open.push({ type: mark });
    else if (token.type === "link_open") {
      const href = token.attrGet("href");
      open.push(isAllowedHref(href) ? { type: "link", attrs: { href } } : null);
    } else if (token.nesting === -1) open.pop();
    else if (token.type === "code_inline") pushText(out, token.content, [{ type: "code" }, ...current()]);
    else if (token.type === "softbreak") pushText(out, " ", current());
    else if (token.type === "hardbreak") out.push({ type: "hardBreak" });
    // No image node either: the image is written back as its Markdown.
    else if (token.type === "image") pushText(out, `![${token.content}](${token.attrGet("src") ?? ""})`, current());
    else pushText(out, token.content, current());
  }
  return out;
}

/** A list item or quote must start with (or hold) a paragraph. */
function fixContent(node: JsonNode): void {
  const content = node.content ?? [];
  if ((node.type === "listItem" || node.type === "taskItem") && content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
  if (node.type === "blockquote" && !content.length) content.push({ type: "paragraph" });
  node.content = content;
}

/** Markdown → block nodes (the content of a `doc`). Empty paragraphs at the top level are dropped. */
export function markdownToNodes(markdown: string): JsonNode[] {
  const root: JsonNode = { type: "doc", content: [] };
  // Walks the flat token stream with a stack of open blocks, so nesting never recurses.
  const stack: JsonNode[] = [root];
  const append = (...nodes: JsonNode[]) => {
    const parent = stack[stack.length - 1]!;
    if (!parent.content) parent.content = [];
    for (const node of nodes) parent.content.push(node);
  };
  const tokens = markdownIt().parse(markdown, {});
  markTaskLists(tokens);
  for (const token of tokens) {
    const task = token.meta?.task === true;
    const type = task ? (token.type === "bullet_list_open" ? "taskList" : "taskItem") : BLOCK_TYPES[token.type];
    if (type) {
      const attrs = blockAttrs(token);
      const node: JsonNode = attrs ? { type, attrs } : { type };
      append(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      const node = stack.pop()!;
      if (node.type === "listItem" || node.type === "taskItem" || node.type === "blockquote") fixContent(node);
    } else if (token.type === "inline") {
      const content = inlineNodes(token.children ?? []);
      if (content.length) append(...content);
    } else if (token.type === "fence" || token.type === "code_block") {
      const code = token.content.replace(/\n$/, "");
      const language = token.info.trim().split(/\s+/)[0] ?? "";
      const node: JsonNode = { type: "codeBlock" };
      if (CODE_LANGUAGE.test(language)) node.attrs = { language };
      if (code) node.content = [{ type: "text", text: code }];
      append(node);
    } else if (token.type === "hr") append({ type: "horizontalRule" });
  }
  return (root.content ?? []).filter((b) => b.type !== "paragraph" || b.content);
}

/** Inline Markdown (**bold**, *italic* / _italic_, ~~strike~~, `code`, [links](…)) → text nodes with marks. */
export function parseInline(text: string): JsonNode[] {
  const tokens = markdownIt().parseInline(text, {});
  return inlineNodes(tokens.flatMap((t: Token) => t.children ?? []));
}

/** True when the answer is a single plain paragraph (insert inline instead of as blocks). */
export function isInlineAnswer(nodes: JsonNode[]): boolean {
  return nodes.length <= 1 && (nodes[0]?.type ?? "paragraph") === "paragraph";
}
