// Markdown → the document schema, for imports. The same reading as the shared reader
// (src/shared/markdown/from-markdown.ts: markdown-it, CommonMark plus strikethrough, tables
// and raw HTML left as text, nesting stopped at MAX_NESTING), built for files of any shape:
// - the token stream is walked with stacks, never recursively, and nodes are appended one
//   at a time (a paragraph of 100,000 pieces is never spread into a call's arguments);
// - open marks are counted, so ten thousand nested emphases cost no more per word than one
//   and give a single italic mark (the schema refuses a mark twice on one text);
// - inline code takes no other mark, as in the schema (code excludes every other mark);
// - images are counted from the tokens, not with a pattern over the text.
import markdownit, { type Token } from "markdown-it";
import { isAllowedHref } from "../../shared/editor/links.js";
import { formatTag, markTaskLists } from "../../shared/markdown/from-markdown.js";
import type { ImportMark, ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

/** Blocks opened inside each other before the rest is left out (the shared reader's limit). */
export const MARKDOWN_MAX_NESTING = 40;
const CODE_LANGUAGE = /^[a-z0-9_+#.-]{1,40}$/i;

let parser: ReturnType<typeof markdownit> | null = null;
function markdownIt() {
  if (!parser) {
    parser = markdownit("default", { html: false, linkify: false, maxNesting: MARKDOWN_MAX_NESTING });
    parser.disable("table");
    // <sup>, <sub> and <mark> (and no other HTML), as the shared reader reads them.
    parser.inline.ruler.before("html_inline", "format_tags", formatTag);
  }
  return parser;
}

const BLOCK_TYPES: Record<string, string> = {
  paragraph_open: "paragraph",
  heading_open: "heading",
  bullet_list_open: "bulletList",
  ordered_list_open: "orderedList",
  list_item_open: "listItem",
  blockquote_open: "blockquote",
};
const INLINE_MARKS: Record<string, "bold" | "italic" | "strike"> = { strong_open: "bold", em_open: "italic", s_open: "strike" };
const MARK_ORDER = ["bold", "italic", "strike"] as const;

function blockAttrs(token: Token): Record<string, unknown> | undefined {
  if (token.type === "heading_open") return { level: Math.min(6, Number(token.tag.slice(1)) || 1) };
  if (token.type === "list_item_open" && token.meta?.task) return { checked: token.meta.checked === true };
  if (token.type === "ordered_list_open") {
    const start = Number(token.attrGet("start") ?? 1);
    return Number.isInteger(start) && start !== 1 && start >= 0 && start < 1e6 ? { start } : undefined;
  }
  return undefined;
}

/** The children of one inline token → text nodes with marks, and hard breaks; appended to `out`. */
function appendInline(out: ImportNode[], tokens: Token[], notes: Notes): void {
  // Open marks as a stack (what each closing token closes) and as counts (what applies).
  const open: ("bold" | "italic" | "strike" | "link" | null)[] = [];
  const counts = { bold: 0, italic: 0, strike: 0 };
  const links: ImportMark[] = [];
  // <sup>, <sub> and <mark>: their tags need not nest with the rest.
  const tags: ImportMark["type"][] = [];
  let current: ImportMark[] | null = null;
  let currentKey = "";
  const marks = (): ImportMark[] => {
    if (!current) {
      current = MARK_ORDER.filter((type) => counts[type] > 0).map((type) => ({ type }));
      // Superscript and subscript exclude each other: the innermost one counts.
      const shift = tags.findLast((t) => t === "superscript" || t === "subscript");
      if (shift) current.push({ type: shift });
      if (tags.includes("highlight")) current.push({ type: "highlight" });
      const link = links.at(-1);
      if (link) current.push(link);
      currentKey = JSON.stringify(current);
    }
    return current;
  };
  let lastKey: string | null = null;
  const pushText = (text: string, nodeMarks: ImportMark[], key: string) => {
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
      const { mark: type, close } = token.meta as { mark: ImportMark["type"]; close: boolean };
      const at = tags.lastIndexOf(type);
      if (!close) tags.push(type);
      else if (at >= 0) tags.splice(at, 1);
      else pushMarked(token.content);
      current = null;
    } else if (mark) {
      counts[mark]++;
      open.push(mark);
      current = null;
    } else if (token.type === "link_open") {
      const href = token.attrGet("href");
      if (isAllowedHref(href)) {
        links.push({ type: "link", attrs: { href: href! } });
        open.push("link");
      } else {
        notes.add("unsafeLink");
        open.push(null);
      }
      current = null;
    } else if (token.nesting === -1) {
      const closed = open.pop();
      if (closed === "link") links.pop();
      else if (closed) counts[closed]--;
      current = null;
    } else if (token.type === "code_inline") pushText(token.content, [{ type: "code" }], "code");
    else if (token.type === "softbreak") pushMarked(" ");
    else if (token.type === "hardbreak") {
      out.push({ type: "hardBreak" });
      lastKey = null;
    } else if (token.type === "image") {
      // No image node: the image is written back as its Markdown, and counted.
      notes.add("image");
      pushMarked(`![${token.content}](${token.attrGet("src") ?? ""})`);
    } else pushMarked(token.content);
  }
}

/** A list item or quote must start with (or hold) a paragraph. */
function fixContent(node: ImportNode): void {
  const content = node.content ?? [];
  if ((node.type === "listItem" || node.type === "taskItem") && content[0]?.type !== "paragraph") content.unshift({ type: "paragraph" });
  if (node.type === "blockquote" && !content.length) content.push({ type: "paragraph" });
  node.content = content;
}

/** Markdown → block nodes (the content of a `doc`). Empty paragraphs at the top level are dropped. */
export function markdownToImportNodes(markdown: string, notes: Notes): ImportNode[] {
  const root: ImportNode = { type: "doc", content: [] };
  const stack: ImportNode[] = [root];
  const append = (node: ImportNode) => {
    const parent = stack[stack.length - 1]!;
    if (!parent.content) parent.content = [];
    parent.content.push(node);
  };
  const tokens = markdownIt().parse(markdown, {});
  // GFM to-do lists ("- [x] done"), found as the shared reader finds them.
  markTaskLists(tokens);
  for (const token of tokens) {
    const task = token.meta?.task === true;
    const type = task ? (token.type === "bullet_list_open" ? "taskList" : "taskItem") : BLOCK_TYPES[token.type];
    if (type) {
      const attrs = blockAttrs(token);
      const node: ImportNode = attrs ? { type, attrs } : { type };
      append(node);
      stack.push(node);
    } else if (token.nesting === -1) {
      if (stack.length <= 1) continue;
      const node = stack.pop()!;
      if (node.type === "listItem" || node.type === "taskItem" || node.type === "blockquote") fixContent(node);
    } else if (token.type === "inline") {
      const parent = stack[stack.length - 1]!;
      if (!parent.content) parent.content = [];
      appendInline(parent.content, token.children ?? [], notes);
      if (!parent.content.length) delete parent.content;
    } else if (token.type === "fence" || token.type === "code_block") {
      const code = token.content.replace(/\n$/, "");
      const language = token.info.trim().split(/\s+/)[0] ?? "";
      const node: ImportNode = { type: "codeBlock" };
      if (CODE_LANGUAGE.test(language)) node.attrs = { language };
      if (code) node.content = [{ type: "text", text: code }];
      append(node);
    } else if (token.type === "hr") append({ type: "horizontalRule" });
  }
  return (root.content ?? []).filter((b) => b.type !== "paragraph" || b.content);
}
