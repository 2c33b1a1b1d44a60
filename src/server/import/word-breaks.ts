// A Word paragraph mark tracked as inserted (Enter with Track Changes on: <w:ins/> in the
// paragraph's run properties) → a suggested paragraph break (src/shared/editor/suggested-break.ts)
// on the paragraph after it, naming the Word author and time. The Word reader (mammoth) keeps
// no paragraph properties, so the paragraph after such a mark starts with a marker run of
// private-use characters (as word-changes.ts does for tracked text), taken out after the conversion.
import { randomUUID } from "node:crypto";
import { SUGGESTED_BREAK } from "../../shared/editor/suggested-break.js";
import { SUGGESTION_AUTHOR_NAME_MAX } from "../../shared/editor/suggestion-names.js";
import type { ImportNode } from "./nodes.js";
import { attr, decodeXml } from "./word-ranges.js";

const DOCUMENT_PART = "word/document.xml";
const OPEN = "\uE004";
const CLOSE = "\uE005";
const MARKER = new RegExp(`^${OPEN}(\\d{1,9})${CLOSE}`);
/** Breaks one file may bring as suggestions; past that, the rest read as Word shows them accepted. */
const MAX_BREAKS = 5000;
const PARAGRAPH = /<w:p\b(?:\s[^>]*)?>[\s\S]*?<\/w:p>/g;
/** An inserted paragraph mark: a self-closing <w:ins/> in the run properties of the paragraph's properties. */
const INSERTED_MARK = /<w:pPr\b[^>]*>[\s\S]*?<w:rPr\b[^>]*>(?:(?!<\/w:rPr>)[\s\S])*?<w:ins\b((?:[^>/]|\/(?!>))*)\/>/;

export interface WordBreak {
  author: string;
  date: string | null;
}

/** The document part with a marker run opening each paragraph after an inserted paragraph mark; the breaks by number, or null when none. */
export function markInsertedBreaks(parts: Map<string, Buffer>): Map<number, WordBreak> | null {
  const doc = parts.get(DOCUMENT_PART);
  if (!doc) return null;
  const xml = doc.toString("utf8");
  if (!/<w:rPr\b[^>]*>(?:(?!<\/w:rPr>)[\s\S])*?<w:ins\b[^>]*\/>/.test(xml)) return null;
  const breaks = new Map<number, WordBreak>();
  let pending: WordBreak | null = null;
  const out = xml.replace(PARAGRAPH, (paragraph) => {
    let written = paragraph;
    if (pending && breaks.size < MAX_BREAKS) {
      const n = breaks.size + 1;
      breaks.set(n, pending);
      const run = `<w:r><w:t xml:space="preserve">${OPEN}${n}${CLOSE}</w:t></w:r>`;
      const after = paragraph.indexOf("</w:pPr>");
      const at = after >= 0 ? after + "</w:pPr>".length : paragraph.indexOf(">") + 1;
      written = paragraph.slice(0, at) + run + paragraph.slice(at);
    }
    const inserted = INSERTED_MARK.exec(paragraph);
    pending = null;
    if (inserted) {
      const raw = inserted[1] ?? "";
      const date = attr(raw, "w:date");
      const at = date ? new Date(date) : null;
      pending = {
        author: decodeXml(attr(raw, "w:author") ?? "").trim().slice(0, SUGGESTION_AUTHOR_NAME_MAX) || "Word",
        date: at && !Number.isNaN(at.getTime()) ? at.toISOString() : null,
      };
    }
    return written;
  });
  if (!breaks.size) return null;
  parts.set(DOCUMENT_PART, Buffer.from(out, "utf8"));
  return breaks;
}

/** Takes the markers out of the converted blocks, in place, and gives each paragraph or heading that opened with one its suggested break. */
export function applyInsertedBreaks(blocks: ImportNode[], breaks: Map<number, WordBreak>): void {
  const walk = (node: ImportNode): void => {
    const first = node.content?.[0];
    if (first?.type === "text" && typeof first.text === "string" && first.text.startsWith(OPEN)) {
      const found = MARKER.exec(first.text);
      const rest = found ? first.text.slice(found[0].length) : first.text.replace(/^[\uE004\uE005\d]+/, "");
      node.content = rest ? [{ ...first, text: rest }, ...node.content!.slice(1)] : node.content!.slice(1);
      const change = found ? breaks.get(Number(found[1])) : undefined;
      if (change && (node.type === "paragraph" || node.type === "heading")) {
        const id = randomUUID();
        node.attrs = { ...node.attrs, [SUGGESTED_BREAK]: { id, group: id, author: null, authorName: change.author, createdAt: change.date } };
      }
    }
    for (const child of node.content ?? []) if (child.type !== "text") walk(child);
  };
  for (const block of blocks) walk(block);
}
