// One uploaded file → a title and checked document content, or the reason it cannot be
// imported (an AppError with a 4xx status). The format is chosen by the extension and
// confirmed by the bytes: a .docx must be a zip, a text format must decode as text.
import { validateDocContent } from "../../shared/editor/validate.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { type IMPORT_EXTENSIONS, IMPORT_FILE_MAX_BYTES } from "../../shared/contracts/import.js";
import { TITLE_MAX_LENGTH } from "../../shared/limits.js";
import { AppError, tooLarge } from "../http/index.js";
import { NestedTooDeep, htmlToNodes } from "./convert-html.js";
import { markdownToImport, textToNodes } from "./convert-text.js";
import { declaredCharset } from "./charset.js";
import { decodeText, isOle, isPdf, isZip } from "./decode.js";
import { type Converted, headingText } from "./nodes.js";
import { Notes } from "./notes.js";
import { DOCX_MAX_XML_DEPTH, type DocxParts, ZipRefused, docxFile, nestedTooDeep, unpackDocx } from "./zip-check.js";

export interface ConvertedFile {
  title: string;
  content: DocNode;
  notes: string[];
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

async function docxToHtml(unpacked: DocxParts): Promise<string> {
  // mammoth (about 1 MB with its zip and XML readers) loads on the first Word import. It is
  // given the parts zip-check.ts inflated under its caps (mammoth's `file` input, not in its
  // types), so its own zip reader never inflates anything.
  const mammoth = (await import("mammoth")).default;
  const input = { file: docxFile(unpacked) } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
  const result = await mammoth.convertToHtml(
    input,
    {
      // Word's own names, and the ones Draftsmith's Word export writes (src/server/export/docx.ts).
      styleMap: [
        "u => u",
        "strike => s",
        // Highlighted text (any colour) becomes the one highlight; mammoth writes <sup>/<sub> itself.
        "highlight => mark",
        "p[style-name='Title'] => p.document-title:fresh",
        "p[style-name='Quote'] => blockquote > p:fresh",
        "p[style-name='Intense Quote'] => blockquote > p:fresh",
        "p[style-name='Code Block'] => pre:separator('\\n')",
      ],
      // The image bytes are never read: the HTML path counts the <img> and keeps its description.
      convertImage: mammoth.images.imgElement(async (image) => ({ src: "", alt: (image as { altText?: string }).altText ?? "" })),
    },
  );
  return result.value;
}

function fromHtml(name: string, html: string, notes: Notes): Converted {
  try {
    return htmlToNodes(html, notes);
  } catch (err) {
    if (err instanceof NestedTooDeep) throw unreadable(`${name}: the file is nested too deeply to import (${err.message})`);
    throw err;
  }
}

async function convert(name: string, format: Format, bytes: Buffer, notes: Notes): Promise<Converted> {
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
    let html: string;
    try {
      html = await docxToHtml(unpacked);
    } catch (err) {
      // The Word reader walks the XML recursively: a document nested thousands deep overflows it.
      if (err instanceof RangeError) throw unreadable(`${name}: the Word document is nested too deeply to import`);
      throw unreadable(`${name}: the Word document could not be read`);
    }
    return fromHtml(name, html, notes);
  }
  if (isZip(bytes) || isPdf(bytes) || isOle(bytes)) throw unsupported(`${name}: this file does not hold text`);
  const text = decodeText(bytes, notes, format === "html" ? declaredCharset(bytes) : null);
  if (text === null) throw unsupported(`${name}: this file does not hold text (or not in UTF-8)`);
  if (format === "markdown") return markdownToImport(text, notes);
  if (format === "html") return fromHtml(name, text, notes);
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
  const converted = await convert(name, format, bytes, notes);
  const title = titleFrom(name, converted);
  const checked = validateDocContent({ type: "doc", content: converted.blocks });
  if (!checked.ok) throw unreadable(`${name}: the file could not be turned into a document (${checked.message})`);
  return { title, content: checked.doc, notes: notes.list() };
}
