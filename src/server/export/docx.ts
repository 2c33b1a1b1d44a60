// Word export with the docx package: Word's own heading styles (Heading 1–6) and Title,
// real numbered and bulleted lists (numbering definitions, each list numbered on its
// own), to-do lists with Word checkboxes (☐ / ☒, clickable in Word), bold, italic, underline,
// strike, superscript, subscript, highlight, colours, fonts and sizes, hyperlinks (allowed
// absolute links only), quotes in an indented italic "Quote" style, monospace code
// blocks and paragraph alignment.
import {
  AlignmentType,
  BorderStyle,
  CheckBox,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  type ILevelsOptions,
  LevelFormat,
  Packer,
  Paragraph,
  type ParagraphChild,
  ShadingType,
  TextRun,
} from "docx";
import { isAllowedHref, linkScheme } from "../../shared/editor/links.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { MAX_EXPORT_DEPTH, children, flattenedParagraph, headingLevel, isChecked, marksOf, orderedStart, textOf } from "../../shared/export/inline.js";
import { type Align, fontFamilies, fontSizePt, hexColor, safeAlign } from "../../shared/export/styles.js";

export interface DocxOptions {
  title: string;
  now?: Date;
}

const INDENT = 720; // twips: half an inch per level
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

class Builder {
  readonly paragraphs: Paragraph[] = [];
  private readonly orderedStarts = new Set<number>();
  private nextInstance = 1;

  build(doc: DocNode, title: string) {
    this.paragraphs.push(new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(xmlSafe(title))] }));
    this.blocks(children(doc), { indent: 0, quote: false, listLevel: 0, depth: 0 });
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
        this.paragraphs.push(new Paragraph({ ...this.frame(node, ctx), children: runs(children(node), ctx.quote) }));
        break;
      case "heading":
        this.paragraphs.push(
          new Paragraph({ ...this.frame(node, ctx), style: undefined, heading: HEADING[headingLevel(node)], children: runs(children(node), false) }),
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
      case "horizontalRule":
        this.paragraphs.push(
          new Paragraph({
            indent: ctx.indent ? { left: ctx.indent } : undefined,
            border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: "D1D5DB", space: 1 } },
            children: [],
          }),
        );
        break;
      case "text":
      case "hardBreak":
        this.block({ type: "paragraph", content: [node] }, ctx);
        break;
      default:
        this.blocks(children(node), { ...ctx, depth: ctx.depth + 1 });
    }
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
            indent: undefined,
            numbering: { reference, level, instance },
            children: runs(children(first), ctx.quote),
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
        this.paragraphs.push(new Paragraph({ ...this.frame(first, ctx), ...frame, children: [box, gap, ...runs(children(first), ctx.quote)] }));
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
    return new Paragraph({
      style: "CodeBlock",
      indent: ctx.indent ? { left: ctx.indent } : undefined,
      children: lines.map((line, i) => new TextRun({ text: line.replace(/\t/g, "    "), break: i > 0 ? 1 : undefined })),
    });
  }
}

function runs(nodes: DocNode[], quote: boolean): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  let pendingBreak = 0;
  for (const node of nodes) {
    if (node.type === "hardBreak") {
      pendingBreak++;
      continue;
    }
    if (node.type !== "text") continue;
    const marks = marksOf(node);
    const has = (t: string) => marks.some((m) => m.type === t);
    const style = marks.find((m) => m.type === "textStyle");
    const href = marks.find((m) => m.type === "link")?.attrs?.href;
    const link = isAllowedHref(href) && linkScheme(href) !== null ? href : null;
    const family = has("code") ? "Courier New" : fontFamilies(style?.attrs?.fontFamily)?.[0];
    const size = fontSizePt(style?.attrs?.fontSize);
    const color = hexColor(style?.attrs?.color);
    const run = new TextRun({
      text: xmlSafe(textOf(node)),
      break: pendingBreak || undefined,
      bold: has("bold") || undefined,
      italics: has("italic") || quote || undefined,
      underline: has("underline") ? {} : undefined,
      strike: has("strike") || undefined,
      superScript: has("superscript") || undefined,
      subScript: has("subscript") || undefined,
      highlight: has("highlight") ? "yellow" : undefined,
      font: family,
      size: size ? Math.round(size * 2) : undefined,
      color: color ?? undefined,
      style: link ? "Hyperlink" : undefined,
      shading: has("code") ? { type: ShadingType.CLEAR, fill: "F3F4F6", color: "auto" } : undefined,
    });
    pendingBreak = 0;
    out.push(link ? new ExternalHyperlink({ link, children: [run] }) : run);
  }
  // Breaks at the very end still count (an empty line the writer left).
  if (pendingBreak && out.length) out.push(new TextRun({ text: "", break: pendingBreak }));
  return out;
}

export async function docToDocx(doc: DocNode, opts: DocxOptions): Promise<Buffer> {
  const builder = new Builder();
  const title = opts.title.trim() || "Untitled Document";
  builder.build(doc, title);
  const file = new Document({
    creator: "Draftsmith",
    title: xmlSafe(title),
    lastModifiedBy: "Draftsmith",
    numbering: { config: builder.numberingConfig() },
    styles: {
      paragraphStyles: [
        {
          id: "Quote",
          name: "Quote",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { italics: true, color: "4B5563" },
          paragraph: {
            indent: { left: INDENT },
            border: { left: { style: BorderStyle.SINGLE, size: 12, color: "D1D5DB", space: 8 } },
          },
        },
        {
          id: "CodeBlock",
          name: "Code Block",
          basedOn: "Normal",
          next: "Normal",
          quickFormat: true,
          run: { font: "Courier New", size: 20 },
          paragraph: {
            shading: { type: ShadingType.CLEAR, fill: "F3F4F6", color: "auto" },
            spacing: { before: 120, after: 120 },
          },
        },
      ],
    },
    sections: [{ children: builder.paragraphs }],
  });
  void opts.now;
  return Packer.toBuffer(file);
}
