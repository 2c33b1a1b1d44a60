// What the export → import property tests share: text words with Markdown's and HTML's special
// characters, the check that gives a document as it is stored, and one trip through each format.
import fc from "fast-check";
import type { DocNode } from "../../shared/editor/schema.js";
import { validateDocContent } from "../../shared/editor/validate.js";
import { docToHtml } from "../../shared/export/html.js";
import { docToMarkdown } from "../../shared/markdown/to-markdown.js";
import { docToDocx } from "../export/docx.js";
import { convertFile } from "./convert-file.js";

/** A word of text holding the characters Markdown and HTML give a meaning to. */
export const word = fc.stringMatching(/^[a-zA-Z0-9|*_<>\\&#`~[\]!.:-]{1,6}$/);

/**
 * A picture's caption, or none: words with Markdown's and HTML's quote and escape characters,
 * one space between them (HTML reads runs of white space as one, as a browser shows them).
 */
export const caption = fc.oneof(
  fc.constant(null),
  fc.array(fc.stringMatching(/^[a-zA-Z0-9]([a-zA-Z0-9"\\.-]{0,3}[a-zA-Z0-9])?$/), { minLength: 1, maxLength: 3 }).map((words) => words.join(" ")),
);

/** The document as the content check stores it (marks in the schema's order, default attributes). */
export function stored(doc: DocNode): DocNode {
  const result = validateDocContent(doc);
  if (!result.ok) throw new Error(result.message);
  return result.doc;
}

export const throughMarkdown = async (doc: DocNode) => (await convertFile("t.md", Buffer.from(docToMarkdown(doc)))).content;
export const throughHtml = async (doc: DocNode) => (await convertFile("t.html", Buffer.from(docToHtml(doc, { title: "T" })))).content;
export const throughWord = async (doc: DocNode) => (await convertFile("t.docx", await docToDocx(doc, { title: "T" }))).content;
