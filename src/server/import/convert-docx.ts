// Word (.docx) → HTML for the HTML reader (convert-html.ts), through mammoth. mammoth is
// given the parts zip-check.ts inflated under its caps (its `file` input, not in its types),
// so its own zip reader never inflates anything. What mammoth does not carry into its HTML is
// passed on here:
// - Word's own style names, and the ones Draftsmith's Word export writes
//   (src/server/export/docx.ts), are mapped to HTML: quotes, titles, code blocks (with the
//   language of a "Code Block (language)" style), pandoc's "Verbatim Char" inline code and
//   "Horizontal Rule" paragraphs;
// - a table row's w:gridBefore (empty grid columns before its first cell) as an empty cell;
// - a picture linked from outside the file, by its address (word-linked-pictures.ts);
// - a paragraph's alignment rides at the start of its text as a marker (wordMarkers below)
//   that the HTML reader takes out again, as mammoth's HTML has no place for it.
import { codeLanguage } from "../../shared/editor/nodes/code-languages.js";
import { WORD_STYLE, codeBlockStyleName } from "../../shared/export/word-styles.js";
import { LINKED_PICTURE_MARKER, linkedPictureSrc, markLinkedPictures, xmlText } from "./word-linked-pictures.js";
import { type DocxParts, docxFile } from "./zip-check.js";

/** A marker made of private-use characters: "\uE000align:center\uE001". */
export const WORD_MARKER = /\uE000align:(center|right|justify)\uE001/g;
const ALIGNMENTS: Record<string, string> = { center: "center", right: "right", end: "right", both: "justify", distribute: "justify" };

const BASE_STYLE_MAP = [
  "u => u",
  "strike => s",
  // Highlighted text (any colour) becomes the one highlight; mammoth writes <sup>/<sub> itself.
  "highlight => mark",
  "p[style-name='Title'] => p.document-title:fresh",
  `p[style-name='${WORD_STYLE.quote}'] => blockquote > p:fresh`,
  "p[style-name='Intense Quote'] => blockquote > p:fresh",
  `p[style-name='${WORD_STYLE.codeBlock}'] => pre:fresh`,
  // pandoc's name for a code block.
  "p[style-name='Source Code'] => pre:separator('\\n')",
  `r[style-name='${WORD_STYLE.inlineCode}'] => code`,
  `p[style-name='${WORD_STYLE.rule}'] => hr:fresh`,
];

/**
 * Word's w:gridBefore: grid columns a row leaves empty before its first cell (a row set in
 * from the table's left edge). mammoth does not read it, so such a row's cells would slide left
 * and the row come out shorter than the others; an empty cell spanning those columns is put in
 * its place. Scanned with indexOf, linear on any part.
 */
export function fillGridBefore(xml: string): string {
  if (!xml.includes("w:gridBefore")) return xml;
  const OPEN = "<w:trPr>";
  const CLOSE = "</w:trPr>";
  let out = "";
  let at = 0;
  for (;;) {
    const open = xml.indexOf(OPEN, at);
    const close = open < 0 ? -1 : xml.indexOf(CLOSE, open);
    if (close < 0) break;
    const end = close + CLOSE.length;
    const columns = Number(/<w:gridBefore w:val="(\d{1,3})"/.exec(xml.slice(open, end))?.[1] ?? 0);
    out += xml.slice(at, end);
    if (columns > 0) out += `<w:tc><w:tcPr>${columns > 1 ? `<w:gridSpan w:val="${columns}"/>` : ""}</w:tcPr><w:p/></w:tc>`;
    at = end;
  }
  return out + xml.slice(at);
}

/** The languages of the "Code Block (language)" styles defined in the file's styles part, as the schema keeps them. */
function codeLanguages(unpacked: DocxParts): string[] {
  const styles = unpacked.parts.get("word/styles.xml")?.toString("utf8") ?? "";
  const out = new Set<string>();
  for (const match of styles.matchAll(/<w:name w:val="Code Block \(([^"]{1,400})\)"/g)) {
    const language = codeLanguage(xmlText(match[1]!));
    if (language) out.add(language);
  }
  return [...out];
}

// The style map's class names take letters, digits and hyphens only: each language's code
// blocks come out of mammoth with a numbered class, then given their language's class.
const LANGUAGE_CLASS = "docx-code-language-";
const withLanguages = (html: string, languages: string[]) =>
  html.replace(new RegExp(`<pre class="${LANGUAGE_CLASS}(\\d+)">`, "g"), (whole, n: string) => {
    const language = languages[Number(n)];
    return language ? `<pre class="language-${language.replace(/&/g, "&amp;")}">` : whole;
  });

interface MammothElement {
  type: string;
  alignment?: string | null;
  value?: string;
  children?: MammothElement[];
}

/** mammoth's document transforms (not in its types). */
interface MammothTransforms {
  transforms: { paragraph(transform: (paragraph: MammothElement) => MammothElement): unknown };
}

/** The first text element under `element`, walked without recursion. */
function firstText(element: MammothElement): MammothElement | null {
  const stack = [...(element.children ?? [])].reverse();
  while (stack.length) {
    const next = stack.pop()!;
    if (next.type === "text") return next;
    if (next.children) for (let i = next.children.length - 1; i >= 0; i--) stack.push(next.children[i]!);
  }
  return null;
}

export async function docxToHtml(unpacked: DocxParts): Promise<string> {
  // mammoth (about 1 MB with its zip and XML readers) loads on the first Word import.
  const mammoth = (await import("mammoth")).default;
  const document = unpacked.parts.get("word/document.xml");
  const rels = unpacked.parts.get("word/_rels/document.xml.rels")?.toString("utf8") ?? "";
  const linked = markLinkedPictures(document ? fillGridBefore(document.toString("utf8")) : "", rels);
  if (document) unpacked.parts.set("word/document.xml", Buffer.from(linked.xml, "utf8"));
  const input = { file: docxFile(unpacked) } as unknown as Parameters<typeof mammoth.convertToHtml>[0];
  const languages = codeLanguages(unpacked);
  const styleMap = [
    ...BASE_STYLE_MAP,
    // A language keeps no quote; its backslashes are escaped for the style map's string.
    ...languages.map((language, i) => `p[style-name='${codeBlockStyleName(language).replace(/\\/g, "\\\\")}'] => pre.${LANGUAGE_CLASS}${i}:fresh`),
  ];
  const result = await mammoth.convertToHtml(input, {
    styleMap,
    transformDocument: (mammoth as unknown as MammothTransforms).transforms.paragraph((paragraph) => {
      const align = ALIGNMENTS[paragraph.alignment ?? ""];
      const text = align ? firstText(paragraph) : null;
      if (text) text.value = `\uE000align:${align}\uE001${text.value ?? ""}`;
      return paragraph;
    }) as never,
    // Each picture as a data: URL, which the HTML path turns into a stored image (import/images.ts).
    convertImage: mammoth.images.imgElement(async (image) => {
      const alt = (image as { altText?: string }).altText ?? "";
      const marker = LINKED_PICTURE_MARKER.exec(alt);
      // A picture linked from outside the file: its address (never fetched; the HTML reader
      // makes it a linked or relative picture and says so), or its description.
      if (marker) return { src: linkedPictureSrc(linked.targets[Number(marker[1])]), alt: alt.slice(marker[0].length) };
      try {
        return { src: `data:${image.contentType};base64,${await image.read("base64")}`, alt };
      } catch {
        // A picture whose part cannot be read (missing from the file): its description only.
        return { src: "", alt };
      }
    }),
  });
  return withLanguages(result.value, languages);
}
