// HTML → the document schema. htmlparser2's streaming parser reports tags and text in
// order; a stack of open blocks and one of open marks turn them into nodes, so a deeply
// nested file is walked without recursion (like src/shared/markdown/from-markdown.ts).
// Only the schema's nodes and marks come out: no attribute is copied except a checked link
// and a text alignment, so scripts, styles and event handlers cannot reach a document.
import { Parser } from "htmlparser2";
import { isAllowedHref } from "../../shared/editor/links.js";
import type { Converted, ImportMark, ImportNode } from "./nodes.js";
import type { Notes } from "./notes.js";

// Blocks deeper than this are read as their text: the schema check refuses documents nested
// past MAX_DOC_DEPTH (src/shared/editor/validate.ts), and an implicit item and paragraph may
// still be added below.
const MAX_BLOCK_DEPTH = 30;
// Elements open at once. htmlparser2 keeps its own stack of open elements and adds to the
// front of it, so each opening costs as much as the depth: past this a file is refused.
export const MAX_OPEN_ELEMENTS = 5000;

export class NestedTooDeep extends Error {}
const CODE_LANGUAGE = /language-([a-z0-9_+#.-]{1,40})/i;
const ALIGN = /text-align\s*:\s*(left|center|right|justify)/i;

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
const MARKS: Record<string, ImportMark["type"]> = {
  strong: "bold",
  b: "bold",
  em: "italic",
  i: "italic",
  cite: "italic",
  u: "underline",
  ins: "underline",
  s: "strike",
  strike: "strike",
  del: "strike",
  code: "code",
  kbd: "code",
  samp: "code",
  tt: "code",
  sup: "superscript",
  sub: "subscript",
  mark: "highlight",
};
// Scripts are left out and said so; a stylesheet or template is left out quietly (every
// exported page has one).
const SIMPLE_MARKS: ImportMark["type"][] = ["bold", "italic", "underline", "strike", "highlight"];
const SCRIPT_TAGS = new Set(["script", "noscript"]);
const QUIET_TAGS = new Set(["style", "template"]);
const EMBED_TAGS = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "video", "audio", "canvas", "svg", "math"]);
const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);
const LISTS = new Set(["bulletList", "orderedList", "taskList"]);
const ITEMS = new Set(["listItem", "taskItem"]);
/** The item a list takes: a to-do list holds to-do items, the others list items. */
const itemFor = (list: ImportNode): ImportNode => (list.type === "taskList" ? { type: "taskItem", attrs: { checked: false } } : { type: "listItem" });
/** A to-do list as TipTap writes it (data-type), or as GitHub renders Markdown's (class). */
const isTaskList = (attrs: Record<string, string>) => attrs["data-type"] === "taskList" || /\bcontains-task-list\b/.test(attrs.class ?? "");
const isTaskItem = (attrs: Record<string, string>) => attrs["data-type"] === "taskItem" || /\btask-list-item\b/.test(attrs.class ?? "");

interface Entry {
  block?: ImportNode;
  mark?: boolean;
  skip?: boolean;
  title?: boolean;
  table?: boolean;
}

function alignOf(attrs: Record<string, string>): string | undefined {
  const fromStyle = ALIGN.exec(attrs.style ?? "")?.[1];
  const value = (fromStyle ?? attrs.align ?? "").toLowerCase();
  return ["center", "right", "justify"].includes(value) ? value : undefined;
}

export function htmlToNodes(html: string, notes: Notes): Converted {
  const root: ImportNode = { type: "doc", content: [] };
  const blocks: ImportNode[] = [root];
  const implicit = new WeakSet<ImportNode>();
  // To-do lists made from paragraphs that open with a checkbox (how mammoth reads Word's
  // checkboxes): each item closes with its paragraph, and the next such paragraph reopens the list.
  const checkboxLists = new WeakSet<ImportNode>();
  const closesWithParagraph = new WeakSet<ImportNode>();
  // Open marks as a stack (to close them in order) and as counts, so a file with a million
  // unclosed <b> costs no more per word than one with a single one.
  const marks: (ImportMark | null)[] = [];
  const markCounts = new Map<ImportMark["type"], number>();
  const links: ImportMark[] = [];
  const entries: Entry[] = [];
  let skipDepth = 0;
  let tableDepth = 0;
  let titleText = null as string | null;
  let explicitTitle = null as string | null;
  let capturing: "title" | "explicit" | null = null;
  let flattened = false;

  const top = () => blocks[blocks.length - 1]!;
  const openMark = (mark: ImportMark | null) => {
    marks.push(mark);
    if (mark?.type === "link") links.push(mark);
    else if (mark) markCounts.set(mark.type, (markCounts.get(mark.type) ?? 0) + 1);
  };
  const closeMark = () => {
    const mark = marks.pop();
    if (mark?.type === "link") links.pop();
    else if (mark) markCounts.set(mark.type, (markCounts.get(mark.type) ?? 1) - 1);
  };
  const currentMarks = (): ImportMark[] => {
    // Inline code takes no other mark in the schema.
    if (markCounts.get("code")) return [{ type: "code" }];
    const out: ImportMark[] = SIMPLE_MARKS.filter((type) => markCounts.get(type)).map((type) => ({ type }));
    // Superscript and subscript exclude each other in the schema: the innermost one counts.
    const shift = marks.findLast((m) => m?.type === "superscript" || m?.type === "subscript");
    if (shift) out.push({ type: shift.type });
    const link = links.at(-1);
    if (link) out.push(link);
    return out;
  };

  /** Ends a block: tidies its text and removes it when nothing is left in it. */
  const finish = (node: ImportNode) => {
    const content = node.content ?? [];
    if (TEXT_BLOCKS.has(node.type) && node.type !== "codeBlock") {
      const first = content[0];
      if (first?.text !== undefined) first.text = first.text.replace(/^ +/, "");
      const last = content[content.length - 1];
      if (last?.text !== undefined) last.text = last.text.replace(/ +$/, "");
      node.content = content.filter((n) => n.type !== "text" || n.text);
    }
    if (ITEMS.has(node.type) && node.content?.[0]?.type !== "paragraph") node.content = [{ type: "paragraph" }, ...content];
    if (node.type === "blockquote" && !content.length) node.content = [{ type: "paragraph" }];
    const empty = !node.content?.length;
    if (empty) delete node.content;
    const parent = top();
    if (empty && (node.type === "paragraph" || node.type === "heading" || LISTS.has(node.type)) && parent.content?.at(-1) === node) {
      parent.content.pop();
    }
  };
  const pop = () => {
    const node = blocks.pop()!;
    finish(node);
  };
  const push = (node: ImportNode, isImplicit = false) => {
    const parent = top();
    if (!parent.content) parent.content = [];
    parent.content.push(node);
    blocks.push(node);
    if (isImplicit) implicit.add(node);
  };
  /** Opens a block where the schema allows it, closing or adding blocks around it. */
  const openBlock = (node: ImportNode): ImportNode => {
    while (TEXT_BLOCKS.has(top().type) || (implicit.has(top()) && !fits(node, top()))) pop();
    if (ITEMS.has(node.type) && LISTS.has(top().type) && (node.type === "taskItem") !== (top().type === "taskList")) {
      // A to-do item in a plain list, or a plain item in a to-do list: it takes the list's kind.
      const item = itemFor(top());
      node.type = item.type;
      if (item.attrs) node.attrs = { ...item.attrs, ...node.attrs };
      else delete node.attrs;
    }
    if (ITEMS.has(node.type) && !LISTS.has(top().type)) push({ type: node.type === "taskItem" ? "taskList" : "bulletList" }, true);
    if (!ITEMS.has(node.type) && LISTS.has(top().type)) push(itemFor(top()), true);
    push(node);
    return node;
  };
  const fits = (node: ImportNode, parent: ImportNode) => (ITEMS.has(node.type) ? LISTS.has(parent.type) : !LISTS.has(parent.type));
  const ensureInline = () => {
    if (TEXT_BLOCKS.has(top().type)) return;
    if (LISTS.has(top().type)) push(itemFor(top()), true);
    push({ type: "paragraph" }, true);
  };
  const pushText = (text: string) => {
    const block = top();
    if (!block.content) block.content = [];
    const content = block.content;
    const last = content[content.length - 1];
    const nodeMarks = block.type === "codeBlock" ? [] : currentMarks();
    if (last?.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(nodeMarks)) {
      last.text += text;
      return;
    }
    content.push(nodeMarks.length ? { type: "text", text, marks: nodeMarks } : { type: "text", text });
  };
  const inlineText = (raw: string) => {
    if (top().type === "codeBlock") {
      pushText(raw);
      return;
    }
    let text = raw.replace(/[\t\n\r\f ]+/g, " ");
    if (text === " " && !TEXT_BLOCKS.has(top().type)) return;
    ensureInline();
    const last = top().content?.at(-1);
    if (!last || last.type === "hardBreak" || last.text?.endsWith(" ")) text = text.replace(/^ /, "");
    if (text) pushText(text);
  };
  const blockDepthReached = () => {
    if (blocks.length < MAX_BLOCK_DEPTH) return false;
    if (!flattened) notes.add("flattened");
    flattened = true;
    return true;
  };

  const openTag = (tag: string, attrs: Record<string, string>): Entry => {
    if (skipDepth > 0 || capturing) return { skip: true };
    const handlers = Object.keys(attrs).filter((a) => a.startsWith("on")).length;
    notes.add("handler", handlers);
    if (SCRIPT_TAGS.has(tag) || EMBED_TAGS.has(tag)) {
      notes.add(SCRIPT_TAGS.has(tag) ? "script" : "embed");
      return { skip: true };
    }
    if (QUIET_TAGS.has(tag)) return { skip: true };
    if (tag === "title") {
      capturing = "title";
      titleText = "";
      return { title: true };
    }
    if (tag === "img") {
      notes.add("image");
      const alt = (attrs.alt ?? "").replace(/\s+/g, " ").trim();
      inlineText(alt ? `[image: ${alt}]` : "[image]");
      return {};
    }
    if (tag === "br") {
      if (top().type === "codeBlock") pushText("\n");
      else {
        ensureInline();
        // A paragraph just opened has no content list yet ("<br>" first in a block).
        const block = top();
        if (!block.content) block.content = [];
        block.content.push({ type: "hardBreak" });
      }
      return {};
    }
    if (tag === "table") {
      if (tableDepth === 0) notes.add("table");
      tableDepth++;
      return { table: true };
    }
    if (tableDepth > 0) {
      // A table is read row by row, one paragraph a row with its cells split by " | ".
      if (tag === "tr" && !blockDepthReached()) return { block: openBlock({ type: "paragraph" }) };
      if ((tag === "td" || tag === "th") && top().type === "paragraph" && top().content?.length) inlineText(" | ");
      return markEntry(tag, attrs);
    }
    if (top().type === "codeBlock") {
      // <pre><code class="language-js">: the language sits on the inner element.
      const language = tag === "code" ? CODE_LANGUAGE.exec(attrs.class ?? "")?.[1] : undefined;
      if (language && !top().attrs) top().attrs = { language };
      return {};
    }
    if (tag === "p" && attrs.class === "document-title" && !root.content?.length && explicitTitle === null) {
      // The title line of Draftsmith's own HTML export (src/shared/export/html.ts), and a
      // Word "Title" paragraph (convert-file.ts maps it here).
      capturing = "explicit";
      explicitTitle = "";
      return { title: true };
    }
    const level = HEADING_LEVEL[tag];
    if (level) {
      const align = alignOf(attrs);
      return { block: openBlock({ type: "heading", attrs: align ? { level, textAlign: align } : { level } }) };
    }
    if (tag === "p") {
      const align = alignOf(attrs);
      return { block: openBlock(align ? { type: "paragraph", attrs: { textAlign: align } } : { type: "paragraph" }) };
    }
    if (tag === "pre") {
      const language = CODE_LANGUAGE.exec(attrs.class ?? "")?.[1];
      return { block: openBlock(language ? { type: "codeBlock", attrs: { language } } : { type: "codeBlock" }) };
    }
    if (tag === "input" && attrs.type === "checkbox") {
      // A to-do item's box (GitHub writes no data-checked, only the box's own state).
      const item = top().type === "paragraph" && !top().content?.length ? blocks[blocks.length - 2] : top();
      if (item?.type === "taskItem" && attrs.checked !== undefined) item.attrs = { checked: true };
      else if (item && item.type !== "listItem" && top().type === "paragraph" && item === blocks[blocks.length - 2] && item.content?.at(-1) === top() && !blockDepthReached()) {
        const paragraph = blocks.pop()!;
        item.content!.pop();
        const previous = item.content?.at(-1);
        if (previous && checkboxLists.has(previous)) blocks.push(previous);
        else {
          push({ type: "taskList" }, true);
          checkboxLists.add(top());
        }
        push({ type: "taskItem", attrs: { checked: attrs.checked !== undefined } }, true);
        closesWithParagraph.add(top());
        closesWithParagraph.add(blocks[blocks.length - 2]!);
        top().content = [paragraph];
        blocks.push(paragraph);
      }
      return {};
    }
    if (tag === "hr") {
      openBlock({ type: "horizontalRule" });
      pop();
      return {};
    }
    if (tag === "ul" || tag === "ol" || tag === "li" || tag === "blockquote") {
      if (blockDepthReached()) return {};
      if (tag === "ul") return { block: openBlock({ type: isTaskList(attrs) ? "taskList" : "bulletList" }) };
      if (tag === "ol") {
        const start = Number(attrs.start ?? 1);
        const valid = Number.isInteger(start) && start >= 0 && start < 1e6 && start !== 1;
        return { block: openBlock(valid ? { type: "orderedList", attrs: { start } } : { type: "orderedList" }) };
      }
      if (tag === "li") {
        if (!isTaskItem(attrs)) return { block: openBlock({ type: "listItem" }) };
        return { block: openBlock({ type: "taskItem", attrs: { checked: attrs["data-checked"] === "true" } }) };
      }
      return { block: openBlock({ type: "blockquote" }) };
    }
    if (tag === "div" || tag === "section" || tag === "article" || tag === "header" || tag === "footer" || tag === "main" || tag === "aside" || tag === "nav" || tag === "figure" || tag === "figcaption" || tag === "dd" || tag === "dt" || tag === "address") {
      // Containers leave no node; the text in them still starts a new paragraph.
      if (TEXT_BLOCKS.has(top().type)) pop();
      return {};
    }
    return markEntry(tag, attrs);
  };

  const markEntry = (tag: string, attrs: Record<string, string>): Entry => {
    const type = MARKS[tag];
    if (type) {
      openMark({ type });
      return { mark: true };
    }
    if (tag === "a") {
      const href = attrs.href?.trim();
      if (href && !isAllowedHref(href)) notes.add("unsafeLink");
      openMark(href && isAllowedHref(href) ? { type: "link", attrs: { href } } : null);
      return { mark: true };
    }
    return {};
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (entries.length >= MAX_OPEN_ELEMENTS) throw new NestedTooDeep(`more than ${MAX_OPEN_ELEMENTS} elements are open inside each other`);
        const entry = openTag(name.toLowerCase(), attrs);
        if (entry.skip) skipDepth++;
        entries.push(entry);
      },
      ontext(text) {
        if (skipDepth > 0) return;
        if (capturing === "title") titleText += text;
        else if (capturing === "explicit") explicitTitle += text;
        else inlineText(text);
      },
      onclosetag() {
        const entry = entries.pop();
        if (!entry) return;
        if (entry.skip) skipDepth--;
        if (entry.title) capturing = null;
        if (entry.mark) closeMark();
        if (entry.table) tableDepth--;
        if (entry.block && blocks.includes(entry.block)) while (blocks.length > 1 && blocks[blocks.length - 1] !== entry.block) pop();
        if (entry.block && top() === entry.block) {
          pop();
          while (blocks.length > 1 && closesWithParagraph.has(top())) pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (blocks.length > 1) pop();
  const clean = (text: string | null) => text?.replace(/\s+/g, " ").trim() || undefined;
  return { blocks: root.content ?? [], title: clean(titleText), explicitTitle: clean(explicitTitle) };
}
