// Markdown → editor JSON: the one Markdown reader, for model answers and for imported files
// (src/server/import/convert-markdown.ts passes it the import's notes). markdown-it
// (CommonMark, plus GFM strikethrough) reads the text; its flat token stream is turned into
// the document schema's nodes: paragraphs, headings 1–6, bullet and numbered lists, GFM to-do
// lists ("- [x] done", when every item of a list has its box), block quotes, code blocks
// (the info string's first word their language), rules and hard breaks, with bold, italic,
// strike, inline code, links, ==highlight== and the <sup>, <sub> and <mark> tags GitHub keeps (no other HTML
// is read). GFM pipe tables become tables (a <br> in a cell a line break; table-tokens.ts);
// an HTML <table> block is handed to the caller's HTML reader when it has one (the file
// import does: the form the Markdown export gives a table GFM cannot hold), else stays text
// like other raw HTML. An image whose address is on another site (absolute http or https)
// becomes a linked picture, and one relative to the file ("docs/arch.png", "/url") a
// relative picture, when the caller asks for them (the file import does; its block splits
// the paragraph around it, its title becomes the caption); other images stay literal text,
// so the result always fits the schema (src/shared/editor/extensions.ts).
// Built for files of any shape:
// - the token stream is walked with stacks, never recursively, and nodes are appended one
//   at a time (a paragraph of 100,000 pieces is never spread into a call's arguments);
// - a mark opened inside the same mark counts once (the schema refuses a mark twice on one
//   text), and the open marks are looked at again only when one opens or closes;
// - inline code keeps the marks around it (a linked, bold or italic piece of code), as the
//   schema's code mark allows (src/shared/editor/marks/code.ts).
import markdownit, { type MarkdownIt, type Token } from "markdown-it";
import markdownItFootnote from "markdown-it-footnote";
import { isLinkedImageSrc, isRelativeImageSrc } from "../contracts/image-src.js";
import { isAllowedHref } from "../editor/links.js";
import { MAX_ALT_LENGTH, MAX_CAPTION_LENGTH } from "../editor/nodes/image.js";
import { codeLanguage } from "../editor/nodes/code-languages.js";
import { ORDERED_LIST_START_LIMIT } from "../limits.js";
import { attachFootnotes } from "./footnotes.js";
import { TABLE_SECTION_TOKENS, brTag, htmlTableBlock, tableCellOf } from "./table-tokens.js";

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

/**
 * Blocks (and inline marks) opened inside each other before the rest is left out: deep enough
 * for any real text, well inside the nesting the server accepts on save (MAX_DOC_DEPTH in
 * src/shared/editor/validate.ts).
 */
export const MARKDOWN_MAX_NESTING = 40;

/** What a reading left out or changed, for an import's notes (src/server/import/notes.ts). */
export type MarkdownNote = "image" | "remoteImage" | "relativeImage" | "unsafeLink";
export interface MarkdownReadOptions {
  onNote?: (kind: MarkdownNote) => void;
  /**
   * Reads an HTML <table> block into blocks (the file import's HTML reader); `deep` when it
   * sits too deep in quotes and lists for a table's own nesting. Without it, such a block
   * stays text.
   */
  htmlTable?: (html: string, deep: boolean) => JsonNode[];
  /** GFM footnotes ("[^1]" and "[^1]: note") become footnotes (footnotes.ts); without it they stay text. */
  footnotes?: boolean;
  /**
   * An image with an absolute http(s) address becomes a linked picture, and one with an
   * address relative to the file a relative picture (an image node that keeps the address;
   * nothing is fetched), outside footnotes (which hold paragraphs only). Without it, every
   * image stays its Markdown text.
   */
  linkedImages?: boolean;
}

const parsers = new Map<string, MarkdownIt>();

function markdownIt(opts: { htmlTables?: boolean; footnotes?: boolean } = {}): MarkdownIt {
  const key = `${opts.htmlTables === true}:${opts.footnotes === true}`;
  let parser = parsers.get(key);
  if (!parser) {
    parser = markdownit("default", { html: false, linkify: false, maxNesting: MARKDOWN_MAX_NESTING });
    parser.inline.ruler.before("html_inline", "format_tags", formatTag);
    parser.inline.ruler.before("html_inline", "br_tag", brTag);
    parser.inline.ruler.before("emphasis", "highlight", highlightDelimiter);
    if (opts.htmlTables) parser.block.ruler.before("table", "html_table", htmlTableBlock as never, { alt: ["paragraph", "reference", "blockquote", "list"] });
    // GFM footnotes: "[^1]" in the text, "[^1]: note" anywhere (and "^[inline notes]").
    if (opts.footnotes) parser.use(markdownItFootnote);
    parsers.set(key, parser);
  }
  return parser;
}

type InlineState = { src: string; pos: number; posMax: number; push(type: string, tag: string, nesting: number): Token };

const FORMAT_TAG = /^<(\/?)(sup|sub|mark)>/i;
const TAG_MARKS: Record<string, JsonMark["type"]> = { sup: "superscript", sub: "subscript", mark: "highlight" };

/**
 * Reads <sup>, <sub>, <mark> and their closing tags (exactly so written) as format_tag tokens
 * (meta: the mark and whether the tag closes it).
 */
function formatTag(state: InlineState, silent: boolean): boolean {
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

const isSpace = (c: string | undefined) => c === undefined || /\s/.test(c);

/**
 * "==text==" (the highlight of GitHub-flavoured editors, Obsidian, Typora, pandoc's `mark`):
 * a "==" followed by a non-space opens when a "==" preceded by a non-space closes it later in
 * the same paragraph; each becomes a format_tag token, as <mark> does.
 */
function highlightDelimiter(state: InlineState, silent: boolean): boolean {
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x3d || src.charCodeAt(pos + 1) !== 0x3d || src.charCodeAt(pos + 2) === 0x3d) return false;
  if (src.charCodeAt(pos - 1) === 0x3d) return false;
  const before = src[pos - 1];
  const after = src[pos + 2];
  let close = false;
  if (!isSpace(after) && (isSpace(before) || !/[\p{L}\p{N}]/u.test(before ?? ""))) {
    // An opener needs its closer: "==" after a non-space, not part of a longer run of "=".
    const closer = /[^\s=]==(?!=)/g;
    closer.lastIndex = pos + 2;
    if (!closer.exec(src.slice(0, state.posMax))) return false;
  } else if (!isSpace(before)) close = true;
  else return false;
  if (!silent) {
    const token = state.push("format_tag", "", 0);
    token.content = "==";
    token.meta = { mark: "highlight", close };
  }
  state.pos += 2;
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
  table_open: "table",
  tr_open: "tableRow",
  paragraph_open: "paragraph",
  heading_open: "heading",
  bullet_list_open: "bulletList",
  ordered_list_open: "orderedList",
  list_item_open: "listItem",
  blockquote_open: "blockquote",
};

const INLINE_MARKS: Record<string, "bold" | "italic" | "strike"> = { strong_open: "bold", em_open: "italic", s_open: "strike" };

function blockAttrs(token: Token): Record<string, unknown> | undefined {
  if (token.type === "heading_open") return { level: Math.min(6, Number(token.tag.slice(1)) || 1) };
  if (token.type === "list_item_open" && token.meta?.task) return { checked: token.meta.checked === true };
  if (token.type === "ordered_list_open") {
    const start = Number(token.attrGet("start") ?? 1);
    return Number.isInteger(start) && start !== 1 && start >= 0 && start < ORDERED_LIST_START_LIMIT ? { start } : undefined;
  }
  return undefined;
}

/** An image's description as CommonMark gives it: the plain text of its children (emphasis, links and nested images read as their text, a line break as a space). */
function imageAlt(tokens: Token[]): string {
  let out = "";
  const stack = [...tokens].reverse();
  while (stack.length) {
    const t = stack.pop()!;
    if (t.type === "image") stack.push(...[...(t.children ?? [])].reverse());
    else if (t.type === "softbreak" || t.type === "hardbreak") out += " ";
    else if (t.type === "text" || t.type === "code_inline") out += t.content;
  }
  return out;
}

/** An image address a picture keeps as written: on another site (linked) or beside the file (relative). */
const keptImageSrc = (src: string) => isLinkedImageSrc(src) || isRelativeImageSrc(src);

/**
 * The children of one inline token → text nodes with marks (innermost first) and hard breaks,
 * appended to `out`; with `images`, an image with an http(s) or relative address as an image node (the
 * caller then splits its block around it, splitImages).
 */
function appendInline(out: JsonNode[], tokens: Token[], note: (kind: MarkdownNote) => void, images = false): void {
  // Open marks, outermost first: what each closing token closes. null for a link whose
  // scheme is not allowed (its text stays, unlinked).
  const open: (JsonMark | null)[] = [];
  // <sup>, <sub>, <mark> and ==: their tags need not nest with the rest.
  const tags: JsonMark["type"][] = [];
  let current: JsonMark[] | null = null;
  let currentKey = "";
  const marks = (): JsonMark[] => {
    if (!current) {
      current = [];
      // Superscript and subscript exclude each other: the innermost one counts.
      const shift = tags.findLast((t) => t === "superscript" || t === "subscript");
      if (shift) current.push({ type: shift });
      if (tags.includes("highlight")) current.push({ type: "highlight" });
      // Innermost first, each type once (the innermost link counts). markdown-it nests
      // inline marks no deeper than MARKDOWN_MAX_NESTING, so this walk is short.
      const seen = new Set<string>();
      for (let i = open.length - 1; i >= 0; i--) {
        const mark = open[i];
        if (!mark || seen.has(mark.type)) continue;
        seen.add(mark.type);
        current.push(mark);
      }
      currentKey = JSON.stringify(current);
    }
    return current;
  };
  let lastKey: string | null = null;
  const pushText = (text: string, nodeMarks: JsonMark[], key: string) => {
    if (!text) return;
    const last = out[out.length - 1];
    if (last?.type === "text" && lastKey === key) {
      last.text += text;
      return;
    }
    out.push(nodeMarks.length ? { type: "text", text, marks: nodeMarks } : { type: "text", text });
    lastKey = key;
  };
  const pushMarked = (text: string) => pushText(text, marks(), currentKey);
  for (const token of tokens) {
    const mark = INLINE_MARKS[token.type];
    if (token.type === "format_tag") {
      const { mark: type, close } = token.meta as { mark: JsonMark["type"]; close: boolean };
      const at = tags.lastIndexOf(type);
      if (!close) tags.push(type);
      else if (at >= 0) tags.splice(at, 1);
      else pushMarked(token.content);
      current = null;
    } else if (mark) {
      open.push({ type: mark });
      current = null;
    } else if (token.type === "link_open") {
      const href = token.attrGet("href");
      if (isAllowedHref(href)) open.push({ type: "link", attrs: { href } });
      else {
        note("unsafeLink");
        open.push(null);
      }
      current = null;
    } else if (token.nesting === -1) {
      open.pop();
      current = null;
    } else if (token.type === "footnote_ref") {
      // The note it names is read later (footnote_open); attachFootnotes pairs them.
      out.push({ type: "footnoteReference", attrs: { id: `md${(token.meta as { id: number }).id}` } });
      lastKey = null;
    } else if (token.type === "footnote_anchor") continue;
    else if (token.type === "code_inline") {
      // Code inside a link, emphasis or a tag keeps them: "[`run()`](url)", "**`x`**".
      const around = marks();
      pushText(token.content, [{ type: "code" }, ...around], `code${currentKey}`);
    } else if (token.type === "softbreak") pushMarked(" ");
    else if (token.type === "hardbreak") {
      out.push({ type: "hardBreak" });
      lastKey = null;
    } else if (token.type === "image" && images && keptImageSrc(String(token.attrGet("src") ?? "").trim())) {
      // A linked or relative picture (never fetched). Inside a link, the picture is kept, not the link.
      const title = String(token.attrGet("title") ?? "").trim();
      const alt = imageAlt(token.children ?? []).slice(0, MAX_ALT_LENGTH);
      note(isLinkedImageSrc(String(token.attrGet("src")).trim()) ? "remoteImage" : "relativeImage");
      out.push({ type: "image", attrs: { src: String(token.attrGet("src")).trim(), alt: alt || null, caption: title ? title.slice(0, MAX_CAPTION_LENGTH) : null } });
      lastKey = null;
    } else if (token.type === "image") {
      // No image node: the image is written back as its Markdown, and counted.
      note("image");
      pushMarked(`![${token.content}](${token.attrGet("src") ?? ""})`);
    } else pushMarked(token.content);
  }
}

/**
 * A text block (`parent`, the last child of `holder`) holding image nodes → the block's text
 * before each picture, the picture, the text after it, in `holder`, each piece a block of the
 * same type; pieces holding only white space or line breaks are dropped, and the spaces at
 * a piece's edges (beside a picture: "My ![a](b)") too, as a paragraph's own edges have none
 * (written back, they would not read back).
 */
function splitImages(holder: JsonNode, parent: JsonNode): void {
  const pieces: JsonNode[] = [];
  let run: JsonNode[] = [];
  const trimmed = (node: JsonNode | undefined, edge: RegExp) => (node?.type === "text" ? { ...node, text: node.text!.replace(edge, "") } : node);
  const flush = () => {
    const blank = run.every((n) => n.type === "hardBreak" || (n.type === "text" && !n.text?.trim()));
    if (!blank) {
      run[0] = trimmed(run[0], /^ +/)!;
      run[run.length - 1] = trimmed(run.at(-1), / +$/)!;
      pieces.push({ ...parent, content: run.filter((n) => n.type !== "text" || n.text) });
    }
    run = [];
  };
  for (const child of parent.content ?? []) {
    if (child.type !== "image") run.push(child);
    else {
      flush();
      pieces.push(child);
    }
  }
  flush();
  const siblings = holder.content!;
  siblings.splice(siblings.lastIndexOf(parent), 1, ...pieces);
}

/** A list item or quote must start with (or hold) a paragraph. */
function fixContent(node: JsonNode): void {
  const content = node.content ?? [];
  if ((node.type === "listItem" || node.type === "taskItem") && content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
  if (node.type === "blockquote" && !content.length) content.push({ type: "paragraph" });
  node.content = content;
}

/** A fence's info string as CommonMark reads it: backslash escapes and entities resolved. */
const infoLanguage = (info: string) => markdownIt().utils.unescapeAll(info).trim().split(/\s+/)[0] ?? "";

/** Markdown → block nodes (the content of a `doc`). Empty paragraphs at the top level are dropped. */
export function markdownToNodes(markdown: string, opts: MarkdownReadOptions = {}): JsonNode[] {
  const note = opts.onNote ?? (() => {});
  const root: JsonNode = { type: "doc", content: [] };
  // Walks the flat token stream with a stack of open blocks, so nesting never recurses.
  const stack: JsonNode[] = [root];
  const append = (node: JsonNode) => {
    const parent = stack[stack.length - 1]!;
    if (!parent.content) parent.content = [];
    parent.content.push(node);
  };
  const tokens = markdownIt({ htmlTables: opts.htmlTable !== undefined, footnotes: opts.footnotes }).parse(markdown, {});
  markTaskLists(tokens);
  // Each footnote's blocks, by the id its references carry.
  const footnotes = new Map<string, JsonNode[]>();
  for (const token of tokens) {
    if (token.type === "footnote_block_open" || token.type === "footnote_open") {
      const holder: JsonNode = { type: token.type === "footnote_open" ? "footnote" : "footnotesHolder", content: [] };
      if (token.type === "footnote_open") footnotes.set(`md${(token.meta as { id: number }).id}`, holder.content!);
      else append(holder);
      stack.push(holder);
      continue;
    }
    if (token.type === "footnote_close" || token.type === "footnote_block_close") {
      if (stack.length > 1) stack.pop();
      continue;
    }
    const task = token.meta?.task === true;
    const type = task ? (token.type === "bullet_list_open" ? "taskList" : "taskItem") : BLOCK_TYPES[token.type];
    const cell = tableCellOf(token);
    if (TABLE_SECTION_TOKENS.has(token.type)) continue;
    if (cell) {
      // A GFM cell holds one line: the cell and its paragraph open (and close) together.
      const paragraph: JsonNode = { type: "paragraph" };
      append(cell);
      stack.push(cell);
      append(paragraph);
      stack.push(paragraph);
    } else if (token.type === "th_close" || token.type === "td_close") {
      if (stack.length > 2) stack.length -= 2;
    } else if (token.type === "html_table" && opts.htmlTable) {
      // Deep in quotes and lists, where its own nesting would pass the schema's limit, its text.
      for (const block of opts.htmlTable(token.content, stack.length > MARKDOWN_MAX_NESTING / 2)) append(block);
    } else if (type) {
      const attrs = blockAttrs(token);
      const node: JsonNode = attrs ? { type, attrs } : { type };
      append(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      if (stack.length <= 1) continue;
      const node = stack.pop()!;
      if (node.type === "listItem" || node.type === "taskItem" || node.type === "blockquote") fixContent(node);
    } else if (token.type === "inline") {
      const parent = stack[stack.length - 1]!;
      if (!parent.content) parent.content = [];
      const images = opts.linkedImages === true && !stack.some((n) => n.type === "footnote");
      appendInline(parent.content, token.children ?? [], note, images);
      if (!parent.content.length) delete parent.content;
      else if (images && stack.length > 1 && parent.content.some((n) => n.type === "image")) splitImages(stack[stack.length - 2]!, parent);
    } else if (token.type === "fence" || token.type === "code_block") {
      const code = token.content.replace(/\n$/, "");
      const node: JsonNode = { type: "codeBlock" };
      // The info string's first word, when it keeps the schema's rule (code-languages.ts).
      const language = codeLanguage(infoLanguage(token.info));
      if (language) node.attrs = { language };
      if (code) node.content = [{ type: "text", text: code }];
      append(node);
    } else if (token.type === "hr") append({ type: "horizontalRule" });
  }
  const blocks = (root.content ?? []).filter((b) => (b.type !== "paragraph" || b.content) && b.type !== "footnotesHolder");
  return opts.footnotes ? attachFootnotes(blocks, footnotes) : blocks;
}

/** Inline Markdown (**bold**, *italic* / _italic_, ~~strike~~, `code`, [links](…)) → text nodes with marks. */
export function parseInline(text: string): JsonNode[] {
  const out: JsonNode[] = [];
  for (const token of markdownIt().parseInline(text, {})) appendInline(out, token.children ?? [], () => {});
  return out;
}

/** True when the answer is a single plain paragraph (insert inline instead of as blocks). */
export function isInlineAnswer(nodes: JsonNode[]): boolean {
  return nodes.length <= 1 && (nodes[0]?.type ?? "paragraph") === "paragraph";
}
