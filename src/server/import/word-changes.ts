// Word tracked changes → suggestions. The Word reader (mammoth) keeps inserted text as plain
// text and drops deleted text, so before it reads the document each tracked change
// (<w:ins>, <w:del>, and a move's two halves, <w:moveTo> as an insertion and <w:moveFrom> as
// a deletion) is unwrapped, its deleted text turned into ordinary text, and its runs put
// between two marker runs made of private-use characters that the reader passes through as
// text (as word-comments.ts does for comment ranges). After the conversion the markers are
// taken out again and the words between them get a suggestion mark naming the Word author
// and the change's time: pending suggestions the owner and editors accept or reject.
import { randomUUID } from "node:crypto";
import { SUGGESTION_AUTHOR_NAME_MAX, SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../shared/editor/suggestion-names.js";
import type { ImportMark, ImportNode } from "./nodes.js";
import { attr, decodeXml, rangeMarkers } from "./word-ranges.js";

const MARKERS = rangeMarkers("\uE002", "\uE003");
const DOCUMENT_PART = "word/document.xml";
/** Changes one file may bring as suggestions; past that, the rest read as Word shows them accepted. */
const MAX_CHANGES = 5000;
/** An element that holds a change: not self-closing (a paragraph mark's <w:ins/> in its properties holds no text). */
const CHANGE = /<w:(ins|del|moveFrom|moveTo)\b((?:[^>/]|\/(?!>))*)>([\s\S]*?)<\/w:\1>/g;

export interface WordChange {
  kind: typeof SUGGESTION_INSERT | typeof SUGGESTION_DELETE;
  author: string;
  date: string | null;
}

function isoTime(raw: string | undefined): string | null {
  if (!raw) return null;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** A paragraph's properties, where a change to its paragraph mark (the break after it) is recorded. */
const PARAGRAPH_PROPERTIES = /<w:pPr\b[^>]*>[\s\S]*?<\/w:pPr>/g;
const DELETED_MARK = /<w:(?:del|moveFrom)\b[^>]*\/>/g;

/**
 * Keeps the paragraph breaks Word marks as deleted: a suggestion here holds text, not a
 * break, and the Word reader would otherwise join the paragraph to the next one as if the
 * deletion were accepted ("split" + "Paragraph." read as "splitParagraph."), which nobody has
 * decided. The paragraphs stay apart, as Word shows them with the markup; answers how many.
 */
export function keepDeletedParagraphBreaks(parts: Map<string, Buffer>): number {
  const doc = parts.get(DOCUMENT_PART);
  if (!doc) return 0;
  const xml = doc.toString("utf8");
  if (!/<w:(?:del|moveFrom)\b[^>]*\/>/.test(xml)) return 0;
  let kept = 0;
  const out = xml.replace(PARAGRAPH_PROPERTIES, (props) =>
    props.replace(DELETED_MARK, () => {
      kept++;
      return "";
    }),
  );
  if (kept) parts.set(DOCUMENT_PART, Buffer.from(out, "utf8"));
  return kept;
}

/**
 * The document part with each tracked change between marker runs; answers the changes by
 * their number, or null when the file has none.
 */
export function markTrackedChanges(parts: Map<string, Buffer>): Map<number, WordChange> | null {
  const doc = parts.get(DOCUMENT_PART);
  if (!doc) return null;
  let xml = doc.toString("utf8");
  if (!/<w:(ins|del|moveFrom|moveTo)\b/.test(xml)) return null;
  const changes = new Map<number, WordChange>();
  // An insertion later deleted holds one change in another: a few passes unwrap the nesting.
  for (let pass = 0; pass < 3; pass++) {
    let found = false;
    xml = xml.replace(CHANGE, (_, tag: string, attrs: string, inner: string) => {
      found = true;
      const deleted = tag === "del" || tag === "moveFrom";
      // Deleted text is written as <w:delText>, which the reader skips: it becomes ordinary text.
      const body = deleted ? inner.replace(/<(\/?)w:delText\b/g, "<$1w:t").replace(/<(\/?)w:delInstrText\b/g, "<$1w:instrText") : inner;
      if (changes.size >= MAX_CHANGES) return deleted ? "" : body;
      const n = changes.size + 1;
      const author = decodeXml(attr(attrs, "w:author") ?? "").trim().slice(0, SUGGESTION_AUTHOR_NAME_MAX) || "Word";
      changes.set(n, { kind: deleted ? SUGGESTION_DELETE : SUGGESTION_INSERT, author, date: isoTime(attr(attrs, "w:date")) });
      return `${MARKERS.run("s", n)}${body}${MARKERS.run("e", n)}`;
    });
    if (!found) break;
  }
  parts.set(DOCUMENT_PART, Buffer.from(xml, "utf8"));
  return changes.size ? changes : null;
}

/**
 * Takes the markers out of the converted blocks and marks the words between each start and
 * end with a suggestion of that change. Words both inserted and deleted (written and struck
 * again before the file was saved) were never in the text and are left out.
 */
export function applyTrackedChanges(blocks: ImportNode[], changes: Map<number, WordChange>): void {
  const ids = new Map<number, string>();
  const open = new Set<number>();
  const onMarker = (kind: "s" | "e", id: string) => {
    const n = Number(id);
    if (!changes.has(n)) return;
    if (kind === "s") open.add(n);
    else open.delete(n);
  };
  const withOpen = (node: ImportNode): ImportNode | null => {
    if (!open.size) return node;
    const kinds = new Set([...open].map((n) => changes.get(n)!.kind));
    if (kinds.size > 1) return null;
    const n = [...open].at(-1)!;
    const change = changes.get(n)!;
    if (!ids.has(n)) ids.set(n, randomUUID());
    const id = ids.get(n)!;
    // The suggestion marks are not among the formats the HTML path makes (ImportMark); they are
    // checked with the rest of the content by validateDocContent (convert-file.ts).
    const mark = { type: change.kind, attrs: { id, group: id, author: null, authorName: change.author, createdAt: change.date } } as unknown as ImportMark;
    return { ...node, marks: [...(node.marks ?? []), mark] };
  };
  MARKERS.apply(blocks, onMarker, withOpen);
}
