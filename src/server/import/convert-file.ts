// One uploaded file → a title and checked document content, or the reason it cannot be
// imported (an AppError with a 4xx status). The format is chosen by the extension and
// confirmed by the bytes: a .docx must be a zip, a text format must decode as text.
import { validateDocContent } from "../../shared/editor/validate.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { type IMPORT_EXTENSIONS, IMPORT_FILE_MAX_BYTES } from "../../shared/contracts/import.js";
import { TITLE_MAX_LENGTH } from "../../shared/limits.js";
import { AppError, tooLarge } from "../http/index.js";
import { docxToHtml } from "./convert-docx.js";
import { NestedTooDeep, htmlToNodes } from "./convert-html.js";
import { markdownToImport, textToNodes } from "./convert-text.js";
import { declaredCharset } from "./charset.js";
import { decodeText, isOle, isPdf, isZip } from "./decode.js";
import { type Converted, headingText } from "./nodes.js";
import { ImportImages, type ImportedImage } from "./images.js";
import { Notes } from "./notes.js";
import { type ImportedThread, applyCommentRanges, markCommentRanges } from "./word-comments.js";
import { applyInsertedBreaks, markInsertedBreaks } from "./word-breaks.js";
import { applyTrackedChanges, keepDeletedParagraphBreaks, markTrackedChanges } from "./word-changes.js";
import { DOCX_MAX_XML_DEPTH, type DocxParts, ZipRefused, nestedTooDeep, unpackDocx } from "./zip-check.js";

export interface ConvertedFile {
  title: string;
  content: DocNode;
  notes: string[];
  /** A Word file's comments, as threads anchored in `content` (import/word-comments.ts). */
  comments?: ImportedThread[];
  /** Pictures the content names, to store once the document exists (import/images.ts). */
  images: ImportedImage[];
}

type Format = "markdown" | "html" | "docx" | "text";
const FORMATS: Record<(typeof IMPORT_EXTENSIONS)[number], Format> = {
  ".md": "markdown",
  ".markdown": "markdown",
  ".html": "html",
  ".htm": "html",
  ".docx": "docx",
  ".txt": "text",
};

const unsupported = (message: string) => new AppError(415, "unsupported_media_type", message);
const unreadable = (message: string) => new AppError(422, "validation_failed", message);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot).toLowerCase() : "";
}

function formatOf(name: string): Format {
  const format = FORMATS[extensionOf(name) as keyof typeof FORMATS];
  if (!format) throw unsupported(`${name}: only Markdown (.md), HTML (.html), Word (.docx) and text (.txt) files can be imported`);
  return format;
}

function fromHtml(name: string, html: string, notes: Notes, images: ImportImages, fromWord = false): Converted {
  try {
    return htmlToNodes(html, notes, { fromWord, images });
  } catch (err) {
    if (err instanceof NestedTooDeep) throw unreadable(`${name}: the file is nested too deeply to import (${err.message})`);
    throw err;
  }
}

async function convert(name: string, format: Format, bytes: Buffer, notes: Notes, images: ImportImages): Promise<Converted & { comments?: ImportedThread[] }> {
  if (format === "docx") {
    if (isOle(bytes)) throw unsupported(`${name}: this is an older Word file (.doc); save it as .docx and import that`);
    if (!isZip(bytes)) throw unsupported(`${name}: this is not a Word document (.docx)`);
    let unpacked: DocxParts;
    try {
      unpacked = await unpackDocx(bytes);
    } catch (err) {
      if (!(err instanceof ZipRefused)) throw err;
      throw (err.kind === "damaged" ? unsupported : err.kind === "tooLarge" ? tooLarge : unreadable)(`${name}: ${err.message}`);
    }
    for (const part of unpacked.parts.values()) {
      if (nestedTooDeep(part)) throw unreadable(`${name}: the Word document is nested too deeply to import (more than ${DOCX_MAX_XML_DEPTH} levels)`);
    }
    const commented = markCommentRanges(unpacked.parts);
    notes.add("paragraphBreakKept", keepDeletedParagraphBreaks(unpacked.parts));
    const insertedBreaks = markInsertedBreaks(unpacked.parts);
    const tracked = markTrackedChanges(unpacked.parts);
    let html: string;
    try {
      html = await docxToHtml(unpacked);
    } catch (err) {
      // The Word reader walks the XML recursively: a document nested thousands deep overflows it.
      if (err instanceof RangeError) throw unreadable(`${name}: the Word document is nested too deeply to import`);
      throw unreadable(`${name}: the Word document could not be read`);
    }
    const converted = fromHtml(name, html, notes, images, true);
    // Tracked changes first: their markers would otherwise stay in the comments' quotes.
    if (tracked) applyTrackedChanges(converted.blocks, tracked);
    if (insertedBreaks) applyInsertedBreaks(converted.blocks, insertedBreaks);
    return commented ? { ...converted, comments: applyCommentRanges(converted.blocks, unpacked.parts) } : converted;
  }
  if (isZip(bytes) || isPdf(bytes) || isOle(bytes)) throw unsupported(`${name}: this file does not hold text`);
  const text = decodeText(bytes, notes, format === "html" ? declaredCharset(bytes) : null);
  if (text === null) throw unsupported(`${name}: this file does not hold text (or not in UTF-8)`);
  if (format === "markdown") {
    try {
      return markdownToImport(text, notes);
    } catch (err) {
      // An HTML table in the Markdown is read by the HTML import, with its nesting limit.
      if (err instanceof NestedTooDeep) throw unreadable(`${name}: the file is nested too deeply to import (${err.message})`);
      throw err;
    }
  }
  if (format === "html") return fromHtml(name, text, notes, images);
  return textToNodes(text);
}

/**
 * The title: a line the file marks as its title, else the first heading, else an HTML
 * <title>, else the file name. A level-1 heading that opens the file and becomes the title
 * leaves the body, as Draftsmith's Markdown export writes the title that way.
 */
function titleFrom(name: string, converted: Converted): string {
  const base = name.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "");
  let title = converted.explicitTitle;
  if (!title) {
    const first = converted.blocks[0];
    if (first?.type === "heading" && first.attrs?.level === 1 && headingText(first)) {
      title = headingText(first)!;
      converted.blocks.shift();
    } else title = headingText(converted.blocks.find((b) => b.type === "heading")) ?? converted.title ?? base;
  }
  return Array.from(title.replace(/\s+/g, " ").trim() || "Untitled").slice(0, TITLE_MAX_LENGTH).join("").trim();
}

export async function convertFile(name: string, bytes: Buffer): Promise<ConvertedFile> {
  const format = formatOf(name);
  if (bytes.length > IMPORT_FILE_MAX_BYTES) throw tooLarge(`${name}: files may be at most ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB`);
  const notes = new Notes();
  const images = new ImportImages();
  const converted = await convert(name, format, bytes, notes, images);
  const stored = await images.process(converted.blocks, notes);
  const title = titleFrom(name, converted);
  const checked = validateDocContent({ type: "doc", content: converted.blocks });
  if (!checked.ok) throw unreadable(`${name}: the file could not be turned into a document (${checked.message})`);
  return { title, content: checked.doc, notes: notes.list(), images: stored, ...(converted.comments?.length ? { comments: converted.comments } : {}) };
}
