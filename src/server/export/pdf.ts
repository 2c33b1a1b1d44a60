// PDF export with pdfkit: a real file (A4 or US Letter) with the title, headings, lists,
// quotes, monospace code blocks, rules and clickable links (allowed schemes only).
// Fonts are DejaVu Sans, Serif and Sans Mono, with Noto fonts for the scripts DejaVu lacks,
// embedded (see pdf-fonts.ts); right-to-left paragraphs start on the right (pdf-scripts.ts),
// and a right-to-left list item has its marker on the right and is set in from the right.
import PDFDocument from "pdfkit";
import { isAllowedHref, linkScheme } from "../../shared/editor/links.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { collectFootnotes } from "../../shared/export/footnotes.js";
import { MAX_EXPORT_DEPTH, children, flattenedParagraph, headingLevel, isChecked, marksOf, orderedStart, textOf } from "../../shared/export/inline.js";
import { fontFamilies, fontSizePt, hexColor, safeAlign } from "../../shared/export/styles.js";
import { BASELINE, type Run, ascent, drawParagraph, paragraphHeight } from "./pdf-layout.js";
import { type FontFamily, type PdfFont, pdfFont, registerPdfFonts } from "./pdf-fonts.js";
import { isRightToLeft } from "./pdf-scripts.js";
import { breakLongWords, pdfSafeText } from "./pdf-text.js";
import { renderTable } from "./pdf-table.js";
import type { ImageBytes } from "../images/index.js";
import { renderPdfImage } from "./pdf-image.js";

export type PageSize = "A4" | "LETTER";
export const PAGE_SIZES: readonly PageSize[] = ["A4", "LETTER"];

export interface PdfOptions {
  title: string;
  pageSize?: PageSize;
  /** Creation date written into the file's metadata. */
  now?: Date;
  /** The document's pictures by id, as PNG or JPEG (export/images.ts). */
  images?: Map<string, ImageBytes>;
}

/** Each file's pictures, for renderBlock. */
const pdfImages = new WeakMap<Pdf, Map<string, ImageBytes>>();

type Pdf = PDFKit.PDFDocument;

const BODY_SIZE = 11;
const HEADING_SIZE = { 1: 20, 2: 16, 3: 13, 4: 12, 5: 11, 6: 10 } as const;
const HIGHLIGHT = "#fef08a";
const INDENT = 18;
const YIELD_AFTER_MS = 20;
const MAX_INDENT_LEVELS = 8;
const TEXT_COLOR = "#111827";
const LINK_COLOR = "#2563eb";
const MUTED = "#4b5563";
const NOTE_SIZE = 9.5;
/** Each footnote reference's number, for every export under way (exports interleave; keys are their own nodes). */
const footnoteNumbers = new WeakMap<DocNode, number>();
const EMPTY_RUN: Run = { text: " ", font: "Sans", size: BODY_SIZE, color: TEXT_COLOR, underline: false, strike: false };

interface Box {
  x: number;
  width: number;
  quote: boolean;
}

export function docToPdf(doc: DocNode, opts: PdfOptions): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: opts.pageSize ?? "A4",
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    info: { Title: opts.title, Creator: "Draftsmith", CreationDate: opts.now ?? new Date() },
    pdfVersion: "1.7",
    displayTitle: true,
  });
  registerPdfFonts(pdf);
  pdfImages.set(pdf, opts.images ?? new Map());
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const render = async () => {
    const box: Box = { x: pdf.page.margins.left, width: pdf.page.width - pdf.page.margins.left - pdf.page.margins.right, quote: false };
    const title = pdfSafeText(opts.title.trim() || "Untitled Document", "Sans-Bold").replace(/\n/g, " ");
    drawParagraph(pdf, [{ text: title, font: "Sans-Bold", size: 24, color: TEXT_COLOR, underline: false, strike: false }], box.x, box.width, "start");
    pdf.font("Sans-Bold").fontSize(24);
    pdf.moveDown(0.6);
    // pdfkit lays out synchronously; a long document gives the server's event loop a turn
    // between top-level blocks so other requests are not held up while it renders.
    let slice = Date.now();
    const { body, numberOf, notes } = collectFootnotes(doc);
    for (const [ref, n] of numberOf) footnoteNumbers.set(ref, n);
    for (const node of body) {
      renderBlock(pdf, node, box, 0);
      if (Date.now() - slice > YIELD_AFTER_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = Date.now();
      }
    }
    if (notes.length) renderNotes(pdf, notes, box);
  };
  return render().then(
    () => {
      pdf.end();
      return done;
    },
    (err) => {
      pdf.end();
      throw err;
    },
  );
}

function renderBlocks(pdf: Pdf, nodes: DocNode[], box: Box, depth: number) {
  for (const node of nodes) renderBlock(pdf, node, box, depth);
}

/** One level further in; past MAX_INDENT_LEVELS deeper levels keep the same column. */
function indented(pdf: Pdf, box: Box, levels = 1, quote = box.quote): Box {
  const step = box.x + INDENT * levels > pdf.page.margins.left + INDENT * MAX_INDENT_LEVELS ? 0 : INDENT * levels;
  return { x: box.x + step, width: box.width - step, quote };
}

/** One level further in from the right (a right-to-left list item), with the same limit. */
function indentedFromRight(pdf: Pdf, box: Box, levels: number): Box {
  const inset = pdf.page.width - pdf.page.margins.right - (box.x + box.width);
  const step = inset + INDENT * levels > INDENT * MAX_INDENT_LEVELS ? 0 : INDENT * levels;
  return { x: box.x, width: box.width - step, quote: box.quote };
}

/** The text an item opens with, enough to find its first letter that has a direction. */
function itemText(item: DocNode): string {
  let text = "";
  const stack = [item];
  while (stack.length && text.length < 2000) {
    const node = stack.pop()!;
    if (node.type === "text") text += textOf(node);
    else if (node.type === "hardBreak") text += "\n";
    else {
      if (node.type === "paragraph" || node.type === "heading" || node.type === "codeBlock") text += " ";
      for (const child of [...children(node)].reverse()) stack.push(child);
    }
  }
  return text;
}

function renderBlock(pdf: Pdf, node: DocNode, box: Box, depth: number) {
  const container = ["bulletList", "orderedList", "blockquote", "listItem", "taskList", "taskItem"].includes(node.type);
  if (container && depth >= MAX_EXPORT_DEPTH) return renderBlock(pdf, flattenedParagraph(node), box, depth);
  switch (node.type) {
    case "paragraph":
      renderTextblock(pdf, node, box, BODY_SIZE, false);
      pdf.moveDown(0.5);
      break;
    case "heading":
      pdf.moveDown(0.3);
      renderTextblock(pdf, node, box, HEADING_SIZE[headingLevel(node)], true);
      pdf.moveDown(0.4);
      break;
    case "bulletList":
    case "orderedList":
    case "taskList":
      renderList(pdf, node, box, depth);
      pdf.moveDown(0.3);
      break;
    case "blockquote": {
      const page = pdf.page;
      const top = pdf.y;
      renderBlocks(pdf, children(node), indented(pdf, box, 1, true), depth + 1);
      // The quote bar, when the quote did not cross a page.
      if (pdf.page === page) {
        pdf.save().moveTo(box.x + 4, top).lineTo(box.x + 4, pdf.y - 6).lineWidth(2).strokeColor("#d1d5db").stroke().restore();
      }
      break;
    }
    case "codeBlock":
      renderCode(pdf, node, box);
      break;
    case "footnotes":
      // After the text (renderNotes).
      break;
    case "table":
      if (depth >= MAX_EXPORT_DEPTH) return renderBlock(pdf, flattenedParagraph(node), box, depth);
      renderTable(pdf, node, box.x, box.width, { runs: (nodes, size, bold) => runsOf(nodes, size, bold, box.quote), textColor: box.quote ? MUTED : TEXT_COLOR });
      pdf.fillColor(TEXT_COLOR);
      pdf.moveDown(0.5);
      break;
    case "horizontalRule": {
      pdf.moveDown(0.3);
      const y = pdf.y;
      pdf.save().moveTo(box.x, y).lineTo(box.x + box.width, y).lineWidth(0.75).strokeColor("#d1d5db").stroke().restore();
      pdf.moveDown(0.8);
      break;
    }
    case "image":
      renderPdfImage(pdf, node, box, pdfImages.get(pdf) ?? new Map());
      break;
    case "text":
    case "hardBreak":
      renderBlock(pdf, { type: "paragraph", content: [node] }, box, depth);
      break;
    default:
      renderBlocks(pdf, children(node), box, depth + 1);
  }
}

interface Marker {
  page: PDFKit.PDFPage;
  /** The top of the line the marker was placed on, and its edges. */
  top: number;
  left: number;
  right: number;
}

/** The last list marker placed in each file, so that the next one never overlaps it. */
const lastMarker = new WeakMap<Pdf, Marker>();
/**
 * Markers of items that open with a list: drawn on the baseline of the first line of text
 * that follows (the nested item's), as a browser does, rather than above or below it.
 */
const waitingMarkers = new WeakMap<Pdf, ((baseline: number, size: number) => void)[]>();

function renderList(pdf: Pdf, list: DocNode, box: Box, depth: number) {
  const ordered = list.type === "orderedList";
  let n = orderedStart(list);
  const waiting = waitingMarkers.get(pdf) ?? [];
  waitingMarkers.set(pdf, waiting);
  const flush = (baseline: number, size = BODY_SIZE) => {
    for (const draw of waiting.splice(0)) draw(baseline, size);
  };
  for (const item of children(list)) {
    // An item whose text runs right to left (its first letter with a direction, as for a
    // paragraph) is set in from the right, its marker on the right of its first line; its
    // number reads ".12", the full stop next to the text as in a browser.
    const rtl = isRightToLeft(itemText(item));
    const inner = rtl ? indentedFromRight(pdf, box, ordered ? 1.4 : 1) : indented(pdf, box, ordered ? 1.4 : 1);
    // A to-do item's marker is its box: ☒ ticked, ☐ not.
    const number = n++;
    const marker = ordered ? (rtl ? `.${number}` : `${number}.`) : list.type === "taskList" ? (isChecked(item) ? "\u2612" : "\u2610") : "\u2022";
    if (pdf.y + BODY_SIZE * 1.4 > pdf.page.height - pdf.page.margins.bottom) {
      flush(pdf.y + BODY_SIZE * BASELINE);
      pdf.addPage();
    }
    // Right-aligned before the item's text (after it, on its right, for a right-to-left
    // item), on the baseline of its first line. Measured here
    // and drawn without a width: given one, pdfkit wraps a number wider than the gutter
    // ("999999.") onto lines below, over the item's text.
    pdf.font("Sans").fontSize(BODY_SIZE);
    const left = rtl ? inner.x + inner.width + 4 : inner.x - 4 - pdf.widthOfString(marker);
    const right = left + pdf.widthOfString(marker);
    // An item opening with a list puts two markers on one line; nested past the last
    // indent they would meet, so the inner one goes a line lower.
    const previous = lastMarker.get(pdf);
    if (previous && previous.page === pdf.page && previous.top === pdf.y && left < previous.right + 2 && right > previous.left - 2) {
      flush(pdf.y + BODY_SIZE * BASELINE);
      // A body line's height (as drawParagraph spaces them).
      pdf.y += BODY_SIZE * 1.2 + 2;
    }
    const top = pdf.y;
    const page = pdf.page;
    let drawn = false;
    // On a line of smaller text the marker takes that size, so that it stays within the line.
    const drawMarker = (baseline: number, size = BODY_SIZE) => {
      const y = pdf.y;
      const markerSize = Math.min(size, BODY_SIZE);
      pdf.font("Sans").fontSize(markerSize).fillColor(box.quote ? MUTED : TEXT_COLOR);
      // Smaller, it keeps the edge next to the text.
      pdf.text(marker, rtl ? left : right - pdf.widthOfString(marker), baseline - ascent(pdf, markerSize), { lineBreak: false });
      pdf.x = inner.x;
      pdf.y = y;
      drawn = true;
    };
    lastMarker.set(pdf, { page, top, left, right });
    const blocks = item.type === "listItem" || item.type === "taskItem" ? children(item) : [item];
    const first = blocks[0]?.type;
    if (first === "bulletList" || first === "orderedList" || first === "taskList") waiting.push(drawMarker);
    else if (first !== "paragraph") {
      flush(top + BODY_SIZE * BASELINE);
      drawMarker(top + BODY_SIZE * BASELINE);
    }
    if (!blocks.length) pdf.moveDown(1);
    blocks.forEach((block, i) => {
      if (block.type === "paragraph") {
        const onFirstLine = (baseline: number, size: number) => {
          flush(baseline, size);
          drawMarker(baseline, size);
        };
        renderTextblock(pdf, block, inner, BODY_SIZE, false, i === 0 ? onFirstLine : undefined);
        if (i < blocks.length - 1 && blocks[i + 1]!.type === "paragraph") pdf.moveDown(0.3);
      } else renderBlock(pdf, block, inner, depth + 2);
    });
    // A nested list with no items drew no line: the marker goes where it was placed.
    if (!drawn) {
      if (waiting.includes(drawMarker)) waiting.splice(waiting.indexOf(drawMarker), 1);
      drawMarker((pdf.page === page ? top : pdf.y) + BODY_SIZE * BASELINE);
    }
    pdf.moveDown(0.15);
  }
}

const CODE_SIZE = 9.5;
const CODE_LINE_GAP = 1;

function renderCode(pdf: Pdf, node: DocNode, box: Box) {
  const raw = children(node)
    .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
    .join("");
  pdf.font("Mono").fontSize(CODE_SIZE);
  const width = box.width - 16;
  const perLine = width / pdf.widthOfString("M");
  const mono = pdfSafeText(raw, "Mono", false);
  const drawn = pdfSafeText(raw, "Mono");
  // Code the monospace font draws whole goes to pdfkit in one piece (twice as fast on long
  // listings as laying it out word by word). Code with characters it lacks (Chinese,
  // Arabic, Hindi, emoji…) is laid out as a paragraph is, so those are drawn by the
  // fallback font for their script (pdf-scripts.ts) rather than as "?"; the rest stays
  // monospace, and each line keeps its indentation.
  const code = breakLongWords(drawn, perLine) || " ";
  const runs: Run[] = [{ text: code, font: "Mono", size: CODE_SIZE, color: TEXT_COLOR, underline: false, strike: false }];
  const whole = drawn === mono;
  const height = (whole ? pdf.heightOfString(code, { width, lineGap: CODE_LINE_GAP }) : paragraphHeight(pdf, runs, width, CODE_LINE_GAP, true)) + 12;
  const top = pdf.y;
  // A background when the block fits on the page (a split block is left plain).
  if (top + height <= pdf.page.height - pdf.page.margins.bottom) {
    pdf.save().roundedRect(box.x, top, box.width, height, 4).fill("#f3f4f6").restore();
  }
  if (whole) pdf.fillColor(TEXT_COLOR).text(code, box.x + 8, top + 6, { width, lineGap: CODE_LINE_GAP });
  else {
    pdf.y = top + 6;
    drawParagraph(pdf, runs, box.x + 8, width, "left", undefined, CODE_LINE_GAP, true);
  }
  pdf.x = box.x;
  pdf.y += 6;
  pdf.moveDown(0.5);
}

/** The footnotes after the text, under a short rule: each note's number, then its paragraphs. */
function renderNotes(pdf: Pdf, notes: ReturnType<typeof collectFootnotes>["notes"], box: Box) {
  pdf.moveDown(0.5);
  const y = pdf.y;
  pdf.save().moveTo(box.x, y).lineTo(box.x + box.width / 3, y).lineWidth(0.75).strokeColor("#d1d5db").stroke().restore();
  pdf.moveDown(0.6);
  const inner = indented(pdf, box, 1, false);
  for (const note of notes) {
    const paragraphs = note.paragraphs.length ? note.paragraphs : [{ type: "paragraph" }];
    paragraphs.forEach((paragraph, i) => {
      // The number right-aligned before the note's first line, on its baseline (as a list marker is).
      const number =
        i === 0
          ? (baseline: number) => {
              const y = pdf.y;
              const label = `${note.number}.`;
              pdf.font("Sans").fontSize(NOTE_SIZE).fillColor(TEXT_COLOR);
              pdf.text(label, inner.x - 4 - pdf.widthOfString(label), baseline - ascent(pdf, NOTE_SIZE), { lineBreak: false });
              pdf.x = inner.x;
              pdf.y = y;
            }
          : undefined;
      renderTextblock(pdf, paragraph, inner, NOTE_SIZE, false, number);
      pdf.moveDown(0.2);
    });
  }
}

/** The embedded family closest to the CSS font family the writer chose. */
function familyFor(family: string[] | null, code: boolean): FontFamily {
  const name = (family ?? []).join(" ").toLowerCase();
  if (code || /courier|mono/.test(name)) return "mono";
  return /times|georgia|serif(?!-)|garamond/.test(name) && !/sans/.test(name) ? "serif" : "sans";
}

function runsOf(nodes: DocNode[], size: number, heading: boolean, quote: boolean): Run[] {
  const runs: Run[] = [];
  for (const node of nodes) {
    if (node.type === "hardBreak") {
      runs.push({ text: "\n", font: "Sans", size, color: TEXT_COLOR, underline: false, strike: false });
      continue;
    }
    if (node.type === "footnoteReference") {
      const n = footnoteNumbers.get(node);
      if (n) runs.push({ text: String(n), font: "Sans", color: LINK_COLOR, underline: false, strike: false, ...shifted(1, size) } as Run);
      continue;
    }
    if (node.type !== "text") continue;
    const marks = marksOf(node);
    const has = (t: string) => marks.some((m) => m.type === t);
    const style = marks.find((m) => m.type === "textStyle");
    const linkMark = marks.find((m) => m.type === "link");
    const href = linkMark?.attrs?.href;
    // Only absolute links with an allowed scheme are made clickable: a relative link has no base in a file.
    const link = isAllowedHref(href) && linkScheme(href) !== null ? href : undefined;
    const code = has("code");
    const font: PdfFont = pdfFont(familyFor(fontFamilies(style?.attrs?.fontFamily), code), heading || has("bold"), has("italic") || quote);
    const text = pdfSafeText(textOf(node).replace(/\r?\n/g, " "), font);
    if (!text) continue;
    runs.push({
      text,
      font,
      size: heading ? size : (fontSizePt(style?.attrs?.fontSize) ?? (code ? size - 1 : size)),
      color: link ? LINK_COLOR : `#${hexColor(style?.attrs?.color) ?? (quote ? MUTED.slice(1) : TEXT_COLOR.slice(1))}`,
      link,
      underline: has("underline") || !!link,
      strike: has("strike"),
      ...shifted(has("superscript") ? 1 : has("subscript") ? -1 : 0, heading ? size : (fontSizePt(style?.attrs?.fontSize) ?? size)),
      background: has("highlight") ? HIGHLIGHT : undefined,
    });
  }
  return runs;
}

/** Superscript (1) and subscript (-1): smaller text raised or lowered from the baseline. */
function shifted(direction: 1 | -1 | 0, size: number): { size?: number; rise?: number } {
  if (!direction) return {};
  return { size: size * 0.7, rise: direction > 0 ? size * 0.35 : -size * 0.15 };
}

/** `onFirstLine` is called with the first line's baseline, on its page, before it is drawn. */
function renderTextblock(pdf: Pdf, node: DocNode, box: Box, size: number, heading: boolean, onFirstLine?: (baseline: number, size: number) => void) {
  const runs = runsOf(children(node), size, heading, box.quote);
  // Trailing hard breaks mean nothing visible.
  while (runs.length && runs[runs.length - 1]!.text === "\n") runs.pop();
  drawParagraph(pdf, runs.length ? runs : [{ ...EMPTY_RUN, size }], box.x, box.width, safeAlign(node) ?? "start", onFirstLine);
  pdf.fillColor(TEXT_COLOR);
}
