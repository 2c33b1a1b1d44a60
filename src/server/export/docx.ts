// Word export with the docx package: Word's own heading styles (Heading 1–6) and Title,
// real numbered and bulleted lists (numbering definitions, each list numbered on its
// own), to-do lists with Word checkboxes (☐ / ☒, clickable in Word), bold, italic, underline,
// strike, superscript, subscript, highlight, colours, fonts and sizes, hyperlinks (allowed
// absolute and relative links; "#name" links point at the bookmark of that name), quotes in
// an indented "Quote" style (not italic), inline code in pandoc's "Verbatim Char" style (with
// the run's bold, italic and other formatting; linked code in the link's colour),
// monospace code blocks, rules as an empty "Horizontal Rule" paragraph with a bottom border,
// and paragraph alignment. Footnotes are Word's own (numbered by Word, shown at the page
// foot); a code block with a language takes the style "Code Block (language)", based on
// "Code Block". People's pending suggestions are Word tracked changes (w:ins, w:del with the
// author's name and time). The Word import (src/server/import/convert-docx.ts) maps these styles back.
import {
  AlignmentType,
  BorderStyle,
  CheckBox,
  Document,
  ExternalHyperlink,
  FootnoteReferenceRun,
  HeadingLevel,
  type ILevelsOptions,
  InternalHyperlink,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  TextRun,
  InsertedTextRun,
  DeletedTextRun,
  type IRunOptions,
} from "docx";
import { isAllowedHref } from "../../shared/editor/links.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { SUGGESTION_DELETE, SUGGESTION_INSERT, isPersonSuggestion } from "../../shared/editor/suggestion-names.js";
import type { SuggestedBreakAttrs } from "../../shared/editor/suggested-break.js";
import { blocksBeforeBreaks } from "./docx-breaks.js";
import { codeLanguage } from "../../shared/editor/nodes/code-languages.js";
import { collectFootnotes } from "../../shared/export/footnotes.js";
import { MAX_EXPORT_DEPTH, children, flattenedParagraph, headingLevel, isChecked, marksOf, orderedStart, textOf } from "../../shared/export/inline.js";
import { WORD_STYLE, codeBlockStyleName } from "../../shared/export/word-styles.js";
import type { ImageBytes } from "../images/index.js";
import { docxImage } from "./docx-image.js";
import { type Align, fontFamilies, fontSizePt, hexColor, safeAlign } from "../../shared/export/styles.js";
import { type DocxBlock, docxTable } from "./docx-table.js";
import { type ExportThread, WordComments } from "./docx-comments.js";

export interface DocxOptions {
  title: string;
  now?: Date;
  /** Comment threads the reader may see, written as Word comments on their passages. */
  comments?: ExportThread[];
  /** The document's pictures by id, as PNG or JPEG (export/images.ts). */
  images?: Map<string, ImageBytes>;
}

/** The comment ranges of the export being built (set for the length of one synchronous build). */
let wordComments: WordComments | null = null;

const INDENT = 720; // twips: half an inch per level
const LINK_COLOR = "0563C1"; // Word's own Hyperlink style's colour
const MAX_LEVEL = 8; // Word lists have nine levels (0–8)
const BULLETS = ["\u2022", "\u25E6", "\u25AA"];

const ALIGN: Record<Align, (typeof AlignmentType)[keyof typeof AlignmentType]> = {
  left: AlignmentType.LEFT,
  center: AlignmentType.CENTER,
  right: AlignmentType.RIGHT,
  justify: AlignmentType.JUSTIFIED,
};
const HEADING = {
  1: HeadingLevel.HEADING_1,
  2: HeadingLevel.HEADING_2,
  3: HeadingLevel.HEADING_3,
  4: HeadingLevel.HEADING_4,
  5: HeadingLevel.HEADING_5,
  6: HeadingLevel.HEADING_6,
} as const;

/** Characters XML 1.0 cannot hold (Word refuses a file containing them). */
function xmlSafe(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "");
}

interface Ctx {
  /** Left indent in twips for non-list paragraphs at this point. */
  indent: number;
  quote: boolean;
  /** List nesting level of the next list (0 at the top). */
  listLevel: number;
  depth: number;
}

/** The numbers of the footnote references of the document being built (the build is synchronous). */
let footnoteNumbers: Map<DocNode, number> = new Map();

class Builder {
  readonly footnotes: Record<string, { children: Paragraph[] }> = {};
  /** Languages of the code blocks, each with its own paragraph style. */
  readonly codeLanguages = new Set<string>();
  /** The blocks being written: the body's, or a table cell's while it is built. */
  paragraphs: DocxBlock[] = [];
  constructor(private readonly images: Map<string, ImageBytes> = new Map()) {}
  private readonly orderedStarts = new Set<number>();
  private nextInstance = 1;

  build(doc: DocNode, title: string) {
    const { body, numberOf, notes } = collectFootnotes(doc);
    footnoteNumbers = numberOf;
    try {
      this.paragraphs.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(xmlSafe(title))] }));
      this.blocks(body, { indent: 0, quote: false, listLevel: 0, depth: 0 });
      for (const note of notes) {
        const paragraphs = note.paragraphs.length ? note.paragraphs : [{ type: "paragraph" }];
        this.footnotes[String(note.number)] = { children: paragraphs.map((p) => new Paragraph({ children: runs(children(p)) })) };
      }
    } finally {
      footnoteNumbers = new Map();
    }
  }

  numberingConfig() {
    const bulletLevels: ILevelsOptions[] = Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
      level,
      format: LevelFormat.BULLET,
      text: BULLETS[level % BULLETS.length]!,
      alignment: AlignmentType.LEFT,
      style: { paragraph: { indent: { left: INDENT * (level + 1), hanging: 360 } } },
    }));
    const config = [{ reference: "bullets", levels: bulletLevels }];
    for (const start of this.orderedStarts) {
      config.push({
        reference: `ordered-${start}`,
        levels: Array.from({ length: MAX_LEVEL + 1 }, (_, level) => ({
          level,
          format: LevelFormat.DECIMAL,
          text: `%${level + 1}.`,
          start,
          alignment: AlignmentType.LEFT,
          style: { paragraph: { indent: { left: INDENT * (level + 1), hanging: 360 } } },
        })),
      });
    }
    return config;
  }

  private blocks(nodes: DocNode[], ctx: Ctx) {
    for (const node of nodes) this.block(node, ctx);
  }

  private block(node: DocNode, ctx: Ctx): void {
    const container = ["bulletList", "orderedList", "blockquote", "listItem", "taskList", "taskItem"].includes(node.type);
    if (container && ctx.depth >= MAX_EXPORT_DEPTH) {
      this.block(flattenedParagraph(node), ctx);
      return;
    }
    switch (node.type) {
      case "paragraph":
        this.paragraphs.push(new Paragraph({ ...this.frame(node, ctx), ...insertedMark(node), children: runs(children(node)) }));
        break;
      case "heading":
        this.paragraphs.push(
          new Paragraph({ ...this.frame(node, ctx), ...insertedMark(node), style: undefined, heading: HEADING[headingLevel(node)], children: runs(children(node)) }),
        );
        break;
      case "bulletList":
      case "orderedList":
        this.list(node, ctx);
        break;
      case "taskList":
        this.tasks(node, ctx);
        break;
      case "blockquote":
        this.blocks(children(node), { ...ctx, indent: ctx.indent + INDENT, quote: true, depth: ctx.depth + 1 });
        break;
      case "codeBlock":
        this.paragraphs.push(this.code(node, ctx));
        break;
      case "footnotes":
        // Word's own footnotes (build).
        break;
      case "table": {
        if (ctx.depth >= MAX_EXPORT_DEPTH) {
          this.block(flattenedParagraph(node), ctx);
          break;
        }
        const table = docxTable(node, (cell) => this.cellBlocks(cell, ctx), ctx.indent);
        if (table) this.paragraphs.push(table);
        break;
      }
      case "horizontalRule":
        this.paragraphs.push(new Paragraph({ style: "HorizontalRule", indent: ctx.indent ? { left: ctx.indent } : undefined, children: [] }));
        break;
      case "image":
        this.paragraphs.push(...docxImage(node, this.images, xmlSafe));
        break;
      case "text":
      case "hardBreak":
        this.block({ type: "paragraph", content: [node] }, ctx);
        break;
      default:
        this.blocks(children(node), { ...ctx, depth: ctx.depth + 1 });
    }
  }

  /** A table cell's blocks, written as the body's are, from the cell's left edge. */
  private cellBlocks(cell: DocNode, ctx: Ctx): DocxBlock[] {
    const outer = this.paragraphs;
    this.paragraphs = [];
    this.blocks(children(cell), { indent: 0, quote: ctx.quote, listLevel: 0, depth: ctx.depth + 3 });
    const blocks = this.paragraphs;
    this.paragraphs = outer;
    return blocks;
  }

  private frame(node: DocNode, ctx: Ctx) {
    const align = safeAlign(node);
    return {
      alignment: align ? ALIGN[align] : undefined,
      indent: ctx.indent ? { left: ctx.indent } : undefined,
      style: ctx.quote ? "Quote" : undefined,
    };
  }

  private list(node: DocNode, ctx: Ctx) {
    const ordered = node.type === "orderedList";
    const start = orderedStart(node);
    if (ordered) this.orderedStarts.add(start);
    const reference = ordered ? `ordered-${start}` : "bullets";
    const instance = this.nextInstance++;
    const level = Math.min(ctx.listLevel, MAX_LEVEL);
    const itemIndent = INDENT * (level + 1);
    for (const item of children(node)) {
      const blocks = item.type === "listItem" ? children(item) : [item];
      const inner: Ctx = { indent: itemIndent, quote: ctx.quote, listLevel: ctx.listLevel + 1, depth: ctx.depth + 2 };
      const first = blocks[0];
      // The item's first paragraph carries the number or bullet; what follows is indented under it.
      if (first && (first.type === "paragraph" || first.type === "heading")) {
        this.paragraphs.push(
          new Paragraph({
            ...this.frame(first, ctx),
            ...insertedMark(first),
            indent: undefined,
            numbering: { reference, level, instance },
            children: runs(children(first)),
          }),
        );
        this.blocks(blocks.slice(1), inner);
      } else {
        this.paragraphs.push(new Paragraph({ numbering: { reference, level, instance }, children: [] }));
        this.blocks(blocks, inner);
      }
    }
  }

  /** A to-do list: each item a paragraph opening with a Word checkbox, indented as a list level. */
  private tasks(node: DocNode, ctx: Ctx) {
    const level = Math.min(ctx.listLevel, MAX_LEVEL);
    const itemIndent = INDENT * (level + 1);
    for (const item of children(node)) {
      const blocks = item.type === "taskItem" ? children(item) : [item];
      const inner: Ctx = { indent: itemIndent, quote: ctx.quote, listLevel: ctx.listLevel + 1, depth: ctx.depth + 2 };
      const box = new CheckBox({ checked: isChecked(item) });
      const gap = new TextRun({ text: " " });
      const first = blocks[0];
      const frame = { indent: { left: itemIndent, hanging: 360 } };
      if (first && (first.type === "paragraph" || first.type === "heading")) {
        this.paragraphs.push(new Paragraph({ ...this.frame(first, ctx), ...insertedMark(first), ...frame, children: [box, gap, ...runs(children(first))] }));
        this.blocks(blocks.slice(1), inner);
      } else {
        this.paragraphs.push(new Paragraph({ ...frame, children: [box] }));
        this.blocks(blocks, inner);
      }
    }
  }

  private code(node: DocNode, ctx: Ctx): Paragraph {
    const text = children(node)
      .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
      .join("")
      .replace(/\r\n?/g, "\n");
    const lines = xmlSafe(text).split("\n");
    const language = codeLanguage(node.attrs?.language);
    if (language) this.codeLanguages.add(language);
    return new Paragraph({
      style: language ? codeStyleId(language) : "CodeBlock",
      indent: ctx.indent ? { left: ctx.indent } : undefined,
      children: lines.map((line, i) => new TextRun({ text: line.replace(/\t/g, "    "), break: i > 0 ? 1 : undefined })),
    });
  }
}

/**
 * The id of a code language's paragraph style: "CodeBlock-python" for a name of letters, digits
 * and hyphens, else its UTF-8 in hex ("CodeBlock_632b2b" for "c++"), as a style id is no place
 * for other characters. The name Word shows and the import reads is codeBlockStyleName's.
 */
const codeStyleId = (language: string) =>
  /^[a-z0-9-]+$/.test(language) ? `CodeBlock-${language}` : `CodeBlock_${Buffer.from(language, "utf8").toString("hex")}`;

/** Word's change ids: one per suggestion id, numbered in document order. */
let changeIds = new Map<string, number>();
/** The text blocks right before a person's suggested paragraph break (docx-breaks.ts). */
let breaksAfter = new Map<DocNode, SuggestedBreakAttrs>();

/** Word's change attributes for a person's suggestion. */
function changeOf(attrs: Record<string, unknown> | undefined) {
  const key = String(attrs?.id ?? "");
  if (!changeIds.has(key)) changeIds.set(key, changeIds.size + 1);
  const createdAt = typeof attrs?.createdAt === "string" ? new Date(attrs.createdAt) : null;
  return {
    id: changeIds.get(key)!,
    author: xmlSafe(String(attrs?.authorName ?? "")),
    // Word wants whole seconds in UTC. A change without a time (a Word file's with its times
    // removed) is written without one (w:date is optional), not as 1970, and reads back so.
    date: (createdAt && !Number.isNaN(createdAt.getTime()) ? createdAt.toISOString().replace(/\.\d{3}Z$/, "Z") : undefined) as string,
  };
}

/** A suggested break after this block: its paragraph mark is an insertion. */
function insertedMark(node: DocNode): { run?: { insertion: ReturnType<typeof changeOf> } } {
  const suggested = breaksAfter.get(node);
  return suggested ? { run: { insertion: changeOf(suggested as unknown as Record<string, unknown>) } } : {};
}

/**
 * A person's pending suggestion (the export keeps them, render.ts) as Word's tracked change:
 * words they add in <w:ins>, words they delete in <w:del>, with the author's name and the time.
 */
function trackedRun(marks: ReturnType<typeof marksOf>, options: IRunOptions & { text: string }): TextRun | InsertedTextRun | DeletedTextRun {
  const mark = marks.find((m) => (m.type === SUGGESTION_INSERT || m.type === SUGGESTION_DELETE) && isPersonSuggestion(m.attrs));
  if (!mark) return new TextRun(options);
  const change = changeOf(mark.attrs);
  return mark.type === SUGGESTION_INSERT ? new InsertedTextRun({ ...options, ...change }) : new DeletedTextRun({ ...options, ...change });
}

function runs(nodes: DocNode[]): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let pendingBreak = 0;
  for (const node of nodes) {
    if (node.type === "hardBreak") {
      pendingBreak++;
      continue;
    }
    if (node.type === "footnoteReference") {
      const n = footnoteNumbers.get(node);
      if (!n) continue;
      if (pendingBreak) out.push(new TextRun({ text: "", break: pendingBreak }));
      pendingBreak = 0;
      out.push(new FootnoteReferenceRun(n));
      continue;
    }
    if (node.type !== "text") continue;
    if (wordComments) out.push(...wordComments.before(node));
    const marks = marksOf(node);
    const has = (t: string) => marks.some((m) => m.type === t);
    const style = marks.find((m) => m.type === "textStyle");
    const href = marks.find((m) => m.type === "link")?.attrs?.href;
    const link = isAllowedHref(href) ? href : null;
    const family = has("code") ? undefined : fontFamilies(style?.attrs?.fontFamily)?.[0];
    const size = fontSizePt(style?.attrs?.fontSize);
    const color = hexColor(style?.attrs?.color);
    const options = {
      text: xmlSafe(textOf(node)),
      break: pendingBreak || undefined,
      bold: has("bold") || undefined,
      italics: has("italic") || undefined,
      underline: has("underline") ? {} : undefined,
      strike: has("strike") || undefined,
      superScript: has("superscript") || undefined,
      subScript: has("subscript") || undefined,
      highlight: has("highlight") ? ("yellow" as const) : undefined,
      font: family,
      size: size ? Math.round(size * 2) : undefined,
      // Linked code keeps its code style, in the link's colour (a run has one character style).
      color: color ?? (link && has("code") ? LINK_COLOR : undefined),
      style: has("code") ? "VerbatimChar" : link ? "Hyperlink" : undefined,
    };
    const run = trackedRun(marks, options);
    pendingBreak = 0;
    if (!link) out.push(run);
    // A link to a place in the document: Word's bookmark link, which reads back as "#name".
    else if (link.startsWith("#") && link.length > 1) out.push(new InternalHyperlink({ anchor: xmlSafe(link.slice(1)), children: [run] }));
    else out.push(new ExternalHyperlink({ link, children: [run] }));
  }
  // Breaks at the very end still count (an empty line the writer left).
  if (pendingBreak && out.length) out.push(new TextRun({ text: "", break: pendingBreak }));
  return out;
}

export async function docToDocx(doc: DocNode, opts: DocxOptions): Promise<Buffer> {
  const builder = new Builder(opts.images);
  const title = opts.title.trim() || "Untitled Document";
  const comments = new WordComments(opts.comments ?? [], xmlSafe);
  wordComments = comments;
  changeIds = new Map();
  breaksAfter = blocksBeforeBreaks(doc);
  try {
    builder.build(doc, title);
  } finally {
    wordComments = null;
    breaksAfter = new Map();
  }
  // A passage that runs to the very end of the text closes after it.
  const closing = comments.closeAll();
  if (closing.length) builder.paragraphs.push(new Paragraph({ children: closing }));
  const file = new Document({
    creator: "Draftsmith",
    title: xmlSafe(title),
    lastModifiedBy: "Draftsmith",
    numbering: { config: builder.numberingConfig() },
    footnotes: builder.footnotes,
    comments: { children: comments.definitions() },
    styles: {
      paragraphStyles: [
        {
          id: "Quote",
          name: WORD_STYLE.quote,
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          // Not italic: Word's own Quote style is, but a quote's italics are the writer's to set
          // (an italic style would come back as italic text on import).
          run: { color: "4B5563" },
          paragraph: {
            indent: { left: INDENT },
            border: { left: { style: BorderStyle.SINGLE, size: 12, color: "D1D5DB", space: 8 } },
          },
        },
        {
          id: "CodeBlock",
          name: WORD_STYLE.codeBlock,
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { font: "Courier New", size: 20 },
          paragraph: {
            shading: { type: ShadingType.CLEAR, fill: "F3F4F6", color: "auto" },
            spacing: { before: 120, after: 120 },
          },
        },
        // The language is the style's name, where Word shows it and the import reads it.
        ...[...builder.codeLanguages].map((language) => ({
          id: codeStyleId(language),
          name: codeBlockStyleName(language),
          basedOn: "CodeBlock",
          next: "Normal",
          quickFormat: true,
        })),
        {
          id: "HorizontalRule",
          name: WORD_STYLE.rule,
          basedOn: "Normal",
          next: "Normal",
          paragraph: { border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "D1D5DB", space: 1 } } },
        },
      ],
      characterStyles: [
        {
          id: "VerbatimChar",
          name: WORD_STYLE.inlineCode,
          basedOn: "DefaultParagraphFont",
          run: { font: "Courier New", shading: { type: ShadingType.CLEAR, fill: "F3F4F6", color: "auto" } },
        },
      ],
    },
    sections: [{ children: builder.paragraphs }],
  });
  void opts.now;
  return Packer.toBuffer(file);
}
