// HTML → the document schema. htmlparser2's streaming parser reports tags and text in
// order; a stack of open blocks and one of open marks turn them into nodes, so a deeply
// nested file is walked without recursion (like src/shared/markdown/from-markdown.ts).
// Only the schema's nodes and marks come out: no attribute is copied except a checked link
// and a text alignment, so scripts, styles and event handlers cannot reach a document.
import { Parser } from "htmlparser2";
import { isLinkedImageSrc, isRelativeImageSrc } from "../../shared/contracts/image-src.js";
import { isAllowedHref } from "../../shared/editor/links.js";
import { MAX_ALT_LENGTH } from "../../shared/editor/nodes/image.js";
import { ORDERED_LIST_START_LIMIT } from "../../shared/limits.js";
import { attachFootnotes } from "../../shared/markdown/footnotes.js";
import { codeLanguage } from "../../shared/editor/nodes/code-languages.js";
import { MAX_TABLE_SPAN, isColwidth } from "../../shared/editor/nodes/table-attrs.js";
import { WORD_MARKER } from "./convert-docx.js";
import type { Converted, ImportMark, ImportNode } from "./nodes.js";
import { type FigureState, joinFigureCaption } from "./html-figure.js";
import type { ImportImages } from "./images.js";
import type { Notes } from "./notes.js";

// Blocks deeper than this are read as their text: the schema check refuses documents nested
// past MAX_DOC_DEPTH (src/shared/editor/validate.ts), and an implicit item and paragraph may
// still be added below.
const MAX_BLOCK_DEPTH = 30;
// Elements open at once. htmlparser2 keeps its own stack of open elements and adds to the
// front of it, so each opening costs as much as the depth: past this a file is refused.
export const MAX_OPEN_ELEMENTS = 5000;

export class NestedTooDeep extends Error {}
/** The language named by a class="language-x" (or lang-x), when it keeps the schema's rule (code-languages.ts). */
const classLanguage = (cls: string | undefined): string | undefined => {
  for (const match of (cls ?? "").matchAll(/(?:^|\s)(?:language|lang)-(\S+)/gi)) {
    const language = codeLanguage(match[1]);
    if (language) return language;
  }
  return undefined;
};
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
const SIMPLE_MARKS: ImportMark["type"][] = ["bold", "italic", "underline", "strike", "highlight", "code"];
const SCRIPT_TAGS = new Set(["script", "noscript"]);
const QUIET_TAGS = new Set(["style", "template"]);
const EMBED_TAGS = new Set(["iframe", "frame", "frameset", "object", "embed", "applet", "video", "audio", "canvas", "svg", "math"]);
const TEXT_BLOCKS = new Set(["paragraph", "heading", "codeBlock"]);
const LISTS = new Set(["bulletList", "orderedList", "taskList"]);
const ITEMS = new Set(["listItem", "taskItem"]);
const CELLS = new Set(["tableCell", "tableHeader"]);
/** The item a list takes: a to-do list holds to-do items, the others list items. */
const itemFor = (list: ImportNode): ImportNode => (list.type === "taskList" ? { type: "taskItem", attrs: { checked: false } } : { type: "listItem" });
/** A to-do list as TipTap writes it (data-type), or as GitHub renders Markdown's (class). */
const isTaskList = (attrs: Record<string, string>) => attrs["data-type"] === "taskList" || /\bcontains-task-list\b/.test(attrs.class ?? "");
const isTaskItem = (attrs: Record<string, string>) => attrs["data-type"] === "taskItem" || /\btask-list-item\b/.test(attrs.class ?? "");

interface Entry {
  /** A footnote reference being read (its text is its number). */
  ref?: ImportNode;
  /** A notes section (pandoc's, markdown-it's): its rule is not part of the text. */
  notesSection?: boolean;
  block?: ImportNode;
  mark?: boolean;
  skip?: boolean;
  title?: boolean;
  /** A <table> read as text (nested past the depth limit): its rows and cells are containers. */
  flatTable?: boolean;
  /** A <figure>: one picture and a <figcaption> in it become the picture with its caption (html-figure.ts). */
  figure?: FigureState;
  /** A <figcaption> in that figure. */
  figcaption?: FigureState;
}

/** colspan / rowspan as the schema takes them: a whole number from 1 to MAX_TABLE_SPAN (1 when absent or unreadable). */
function spanOf(value: string | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_TABLE_SPAN) : 1;
}

/** A cell's attributes: spans, TipTap's colwidth ("120,80") when it fits the schema, and its alignment. */
function cellAttrs(attrs: Record<string, string>): Record<string, unknown> {
  const colspan = spanOf(attrs.colspan);
  const out: Record<string, unknown> = { colspan, rowspan: spanOf(attrs.rowspan) };
  const widths = attrs.colwidth?.split(",").map((w) => Number.parseInt(w, 10));
  if (widths && widths.length === colspan && widths.every((w) => Number.isInteger(w) && w > 0) && isColwidth(widths)) out.colwidth = widths;
  // "left" is kept too: in a table it may differ from the column's other cells.
  const align = (ALIGN.exec(attrs.style ?? "")?.[1] ?? attrs.align ?? "").toLowerCase();
  if (align === "left" || align === "center" || align === "right") out.align = align;
  return out;
}

/** Where a link to a footnote points, as pandoc, markdown-it, Word's HTML, mammoth and Draftsmith write them. */
const NOTE_TARGET = /^#(fn|footnote|_?ftn|note|endnote)/i;
const FOOTNOTE_CLASS = /\bfootnote-?ref\b|\bnoteref\b/i;
/** A link back from a note to its reference. */
const BACK_LINK = /^(?:\s|\u21a9|\u2191|\u2934|\u21b5|\ufe0e|\ufe0f|\^)*$/;

/** Pending footnote references: read as inline placeholders and paired with notes once the whole file is read. */
interface RefInfo {
  target: string;
  /** The reference's own anchor (what a note's back link points to). */
  anchor?: string;
  text: string;
  marks: ImportMark[];
}

function alignOf(attrs: Record<string, string>): string | undefined {
  const fromStyle = ALIGN.exec(attrs.style ?? "")?.[1];
  const value = (fromStyle ?? attrs.align ?? "").toLowerCase();
  return ["center", "right", "justify"].includes(value) ? value : undefined;
}

export interface HtmlOptions {
  /** The HTML came from a Word file (convert-docx.ts): its alignment markers are read and taken out. */
  fromWord?: boolean;
  /** Collects embedded pictures as stored images (import/images.ts); without it they stay their description. */
  images?: ImportImages;
}

export function htmlToNodes(html: string, notes: Notes, opts: HtmlOptions = {}): Converted {
  const images = opts.images;
  const root: ImportNode = { type: "doc", content: [] };
  const blocks: ImportNode[] = [root];
  const implicit = new WeakSet<ImportNode>();
  // Empty lines written as "<p><br></p>" in a table cell: kept, as the cell had them.
  const keptEmpty = new WeakSet<ImportNode>();
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
  let flatTables = 0;
  let titleText = null as string | null;
  let explicitTitle = null as string | null;
  let capturing: "title" | "explicit" | null = null;
  let flattened = false;
  // Footnotes: references read so far, list items by id, the notes section depth.
  const refInfo = new Map<ImportNode, RefInfo>();
  let capturingRef: ImportNode | null = null;
  const itemIds = new Map<string, ImportNode>();
  let notesSectionDepth = 0;

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
      // A <br> that ends a block draws no line in a browser ("<p>a<br></p>" shows just "a");
      // "<p><br></p>", how editors and this app's HTML export write an empty line, is an
      // empty paragraph, kept: in a cell, a quote, before a list item's code block or list.
      if (node.content.at(-1)?.type === "hardBreak" && (node.content.length > 1 || node.type === "paragraph")) {
        node.content.pop();
        if (!node.content.length) keptEmpty.add(node);
      }
    }
    if (ITEMS.has(node.type) && node.content?.[0]?.type !== "paragraph") node.content = [{ type: "paragraph" }, ...content];
    if ((node.type === "blockquote" || CELLS.has(node.type)) && !content.length) node.content = [{ type: "paragraph" }];
    const empty = !node.content?.length;
    if (empty) delete node.content;
    const parent = top();
    if (empty && !keptEmpty.has(node) && (node.type === "paragraph" || node.type === "heading" || LISTS.has(node.type) || node.type === "tableRow" || node.type === "table") && parent.content?.at(-1) === node) {
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
    inCell();
    if (ITEMS.has(node.type) && !LISTS.has(top().type)) push({ type: node.type === "taskItem" ? "taskList" : "bulletList" }, true);
    if (!ITEMS.has(node.type) && LISTS.has(top().type)) push(itemFor(top()), true);
    push(node);
    return node;
  };
  /** Blocks and text met in a table outside any cell (a caption, stray text) go into a cell of their own. */
  const inCell = () => {
    if (top().type === "table") push({ type: "tableRow" }, true);
    if (top().type === "tableRow") push({ type: "tableCell", attrs: { colspan: 1, rowspan: 1 } }, true);
  };
  /** Opens a row or cell of the innermost open table (false when no table is open at this level). */
  const openTablePart = (node: ImportNode): boolean => {
    while (TEXT_BLOCKS.has(top().type) || (implicit.has(top()) && !CELLS.has(top().type) && top().type !== "tableRow")) pop();
    if (node.type === "tableRow") {
      // A row left open (no </tr>) ends where the next one starts; so does its open cell.
      if (CELLS.has(top().type) && blocks[blocks.length - 2]?.type === "tableRow") pop();
      if (top().type === "tableRow") pop();
      if (top().type !== "table") return false;
    } else {
      if (CELLS.has(top().type) && blocks[blocks.length - 2]?.type === "tableRow") pop();
      if (top().type === "table") push({ type: "tableRow" }, true);
      if (top().type !== "tableRow") return false;
    }
    push(node);
    return true;
  };
  const fits = (node: ImportNode, parent: ImportNode) => (ITEMS.has(node.type) ? LISTS.has(parent.type) : !LISTS.has(parent.type));
  const ensureInline = () => {
    if (TEXT_BLOCKS.has(top().type)) return;
    inCell();
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
    if (capturingRef) {
      refInfo.get(capturingRef)!.text += raw;
      return;
    }
    if (top().type === "codeBlock") {
      pushText(raw);
      return;
    }
    let text = raw.replace(/[\t\n\r\f ]+/g, " ");
    if (text === " " && !TEXT_BLOCKS.has(top().type)) return;
    // White space between a table's rows and cells is layout, not text.
    if (!text.trim() && (top().type === "table" || top().type === "tableRow")) return;
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
      const alt = (attrs.alt ?? "").replace(/\s+/g, " ").trim();
      const src = (attrs.src ?? "").trim();
      // An embedded picture becomes a stored image (import/images.ts) when a collector is given.
      const stored = images && src.startsWith("data:") ? images.fromDataUrl(src, notes) : null;
      if (stored) {
        openBlock({ type: "image", attrs: { src: stored, alt: alt || null } });
        pop();
        return {};
      }
      // A picture on another site is never fetched: it becomes a linked picture (its address
      // kept, shown in the editor only when a reader asks), or a link to it when the address
      // is not one a picture may hold (too long, a user name in it…).
      // A picture beside the original file (a relative address) keeps its address too, and is
      // never loaded: it shows as a card until someone uploads it.
      if (isLinkedImageSrc(src) || isRelativeImageSrc(src)) {
        notes.add(isLinkedImageSrc(src) ? "remoteImage" : "relativeImage");
        openBlock({ type: "image", attrs: { src, alt: alt.slice(0, MAX_ALT_LENGTH) || null } });
        pop();
        return {};
      }
      if (/^https?:\/\//i.test(src) && isAllowedHref(src)) {
        notes.add("image");
        openMark({ type: "link", attrs: { href: src } });
        inlineText(alt ? `[image: ${alt}]` : "[image]");
        closeMark();
        return {};
      }
      if (!src.startsWith("data:") || !images) notes.add("image");
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
      // Three levels (table, row, cell) and the cell's paragraph: past the depth limit the
      // table is read as text, its rows and cells as containers.
      if (flatTables > 0 || blocks.length + 3 >= MAX_BLOCK_DEPTH) {
        if (!flattened) notes.add("flattened");
        flattened = true;
        if (TEXT_BLOCKS.has(top().type)) pop();
        flatTables++;
        return { flatTable: true };
      }
      return { block: openBlock({ type: "table" }) };
    }
    if (tag === "tr" || tag === "td" || tag === "th") {
      const node: ImportNode = tag === "tr" ? { type: "tableRow" } : { type: tag === "th" ? "tableHeader" : "tableCell", attrs: cellAttrs(attrs) };
      if (flatTables === 0 && openTablePart(node)) return { block: node };
      // A row or cell outside a table: a container.
      if (TEXT_BLOCKS.has(top().type)) pop();
      return {};
    }
    if (tag === "thead" || tag === "tbody" || tag === "tfoot" || tag === "colgroup" || tag === "col") return {};
    if (top().type === "codeBlock") {
      // <pre><code class="language-js">: the language sits on the inner element.
      const language = tag === "code" ? classLanguage(attrs.class) : undefined;
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
      const language = classLanguage(attrs.class);
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
      if (notesSectionDepth > 0) return {};
      openBlock({ type: "horizontalRule" });
      pop();
      return {};
    }
    if (tag === "ul" || tag === "ol" || tag === "li" || tag === "blockquote") {
      if (blockDepthReached()) return {};
      if (tag === "ul") return { block: openBlock({ type: isTaskList(attrs) ? "taskList" : "bulletList" }) };
      if (tag === "ol") {
        const start = Number(attrs.start ?? 1);
        const valid = Number.isInteger(start) && start >= 0 && start < ORDERED_LIST_START_LIMIT && start !== 1;
        return { block: openBlock(valid ? { type: "orderedList", attrs: { start } } : { type: "orderedList" }) };
      }
      if (tag === "li") {
        if (!isTaskItem(attrs)) {
          const item = openBlock({ type: "listItem" });
          if (attrs.id && !itemIds.has(attrs.id)) itemIds.set(attrs.id, item);
          return { block: item };
        }
        return { block: openBlock({ type: "taskItem", attrs: { checked: attrs["data-checked"] === "true" } }) };
      }
      return { block: openBlock({ type: "blockquote" }) };
    }
    if (tag === "div" || tag === "section" || tag === "article" || tag === "header" || tag === "footer" || tag === "main" || tag === "aside" || tag === "nav" || tag === "figure" || tag === "figcaption" || tag === "dd" || tag === "dt" || tag === "address") {
      // Containers leave no node; the text in them still starts a new paragraph.
      if (TEXT_BLOCKS.has(top().type)) pop();
      if (/\bfootnotes\b/i.test(attrs.class ?? "") || /^doc-(end|foot)notes$/.test(attrs.role ?? "")) {
        notesSectionDepth++;
        return { notesSection: true };
      }
      if (tag === "figure") {
        const start = top().content?.length ?? 0;
        return { figure: { parent: top(), start, captionStart: start, captionEnd: start, captions: 0 } };
      }
      const figure = tag === "figcaption" ? entries.findLast((e) => e.figure)?.figure : undefined;
      if (figure) {
        // A caption read anywhere but beside the picture (in a list or table inside the figure) is not joined.
        figure.captions += top() === figure.parent ? 1 : 2;
        figure.captionStart = top().content?.length ?? 0;
        return { figcaption: figure };
      }
      return {};
    }
    return markEntry(tag, attrs);
  };

  /** Takes the markers out of a Word paragraph's text, aligning the block they open. */
  const wordMarkers = (text: string) =>
    text.replace(WORD_MARKER, (_, align: string) => {
      // A list item's text comes with no <p> of its own.
      if (!TEXT_BLOCKS.has(top().type)) ensureInline();
      const block = top();
      if ((block.type === "paragraph" || block.type === "heading") && !block.content?.length) block.attrs = { ...block.attrs, textAlign: align };
      return "";
    });

  const markEntry = (tag: string, attrs: Record<string, string>): Entry => {
    const type = MARKS[tag];
    if (type) {
      openMark({ type });
      return { mark: true };
    }
    if (tag === "a" && !capturingRef) {
      const href = attrs.href?.trim() ?? "";
      const insideSup = marks.some((m) => m?.type === "superscript");
      const footnoteLike = NOTE_TARGET.test(href) || FOOTNOTE_CLASS.test(attrs.class ?? "") || attrs.role === "doc-noteref" || attrs.role === "doc-backlink";
      if (href.startsWith("#") && href.length > 1 && (footnoteLike || insideSup) && top().type !== "codeBlock") {
        // Maybe a footnote's number: kept aside until the notes are known.
        ensureInline();
        const ref: ImportNode = { type: "footnoteReference", attrs: { id: href.slice(1) } };
        const block = top();
        if (!block.content) block.content = [];
        block.content.push(ref);
        refInfo.set(ref, { target: href.slice(1), anchor: attrs.id ?? attrs.name, text: "", marks: currentMarks() });
        capturingRef = ref;
        return { ref };
      }
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
        if (opts.fromWord && text.includes("\uE000")) text = wordMarkers(text);
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
        if (entry.flatTable) flatTables--;
        if (entry.ref) capturingRef = null;
        if (entry.notesSection) notesSectionDepth--;
        const figure = entry.figure ?? entry.figcaption;
        if (figure) {
          // The caption's (or the figure's last) paragraph ends with it.
          if (TEXT_BLOCKS.has(top().type) && blocks[blocks.length - 2] === figure.parent) pop();
          if (entry.figcaption) figure.captionEnd = figure.parent.content?.length ?? 0;
          else if (top() === figure.parent) joinFigureCaption(figure);
        }
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
  const body = refInfo.size ? pairFootnotes(root.content ?? [], refInfo, itemIds) : (root.content ?? []);
  return { blocks: body, title: clean(titleText), explicitTitle: clean(explicitTitle) };
}

/**
 * Pairs the links read as possible footnote references with the list items they point to:
 * those items leave their list and become the notes; a back link in a note goes; a link that
 * points to no list item becomes its text again.
 */
function pairFootnotes(blocks: ImportNode[], refs: Map<ImportNode, RefInfo>, items: Map<string, ImportNode>): ImportNode[] {
  const noteItems = new Set<ImportNode>();
  const anchors = new Set<string>();
  for (const info of refs.values()) {
    const item = items.get(info.target);
    if (item) {
      noteItems.add(item);
      if (info.anchor) anchors.add(info.anchor);
    }
  }
  const notes = new Map<string, ImportNode[]>();
  for (const [id, item] of items) if (noteItems.has(item)) notes.set(id, item.content ?? []);
  // Walk every node (the notes too, taken out of their lists in the same walk), fixing inline placeholders.
  const stack: ImportNode[] = [...blocks, ...noteItems];
  while (stack.length) {
    const node = stack.pop()!;
    const content = node.content;
    if (!content) continue;
    if (content.some((n) => n.type === "footnoteReference" || noteItems.has(n))) {
      const next: ImportNode[] = [];
      for (const child of content) {
        if (noteItems.has(child)) continue;
        const info = child.type === "footnoteReference" ? refs.get(child) : undefined;
        if (!info || (items.has(info.target) && noteItems.has(items.get(info.target)!))) {
          next.push(child);
          continue;
        }
        // A back link (to a reference's anchor, or an arrow) goes; another link keeps its text.
        if (anchors.has(info.target) || BACK_LINK.test(info.text)) continue;
        const text = info.text.replace(/[\t\n\r\f ]+/g, " ");
        if (!text) continue;
        const last = next[next.length - 1];
        if (last?.type === "text" && JSON.stringify(last.marks ?? []) === JSON.stringify(info.marks)) last.text += text;
        else next.push(info.marks.length ? { type: "text", text, marks: info.marks } : { type: "text", text });
      }
      // Spaces left before a removed back link.
      const last = next[next.length - 1];
      if (last?.type === "text" && last.text) last.text = last.text.replace(/ +$/, "");
      node.content = next.filter((n) => n.type !== "text" || n.text);
    }
    for (const child of node.content ?? []) stack.push(child);
  }
  // Lists emptied by taking their notes out go too.
  const emptied = (n: ImportNode) => (n.type === "orderedList" || n.type === "bulletList") && !(n.content ?? []).length;
  const prune: ImportNode[] = [{ type: "doc", content: blocks }];
  while (prune.length) {
    const node = prune.pop()!;
    if (!node.content) continue;
    node.content = node.content.filter((n) => !emptied(n));
    for (const child of node.content) prune.push(child);
  }
  return attachFootnotes(blocks.filter((n) => !emptied(n)), notes);
}
