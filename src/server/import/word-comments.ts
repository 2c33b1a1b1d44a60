// Word comments → comment threads. The Word reader (mammoth) keeps no comment ranges, so
// before it reads the document each range start and end (<w:commentRangeStart/End w:id>)
// is replaced by a run holding a marker made of private-use characters, which the reader
// passes through as text; after the conversion the markers are taken out of the text again
// and the words between a start and its end get a comment mark. The comments themselves come
// from word/comments.xml; replies and "done" from word/commentsExtended.xml (Word 2013 on).
import { randomUUID } from "node:crypto";
import { COMMENT_MARK } from "../../shared/editor/comment-anchor.js";
import type { ImportMark, ImportNode } from "./nodes.js";
import { attr, decodeXml, rangeMarkers } from "./word-ranges.js";

const MARKERS = rangeMarkers("\uE000", "\uE001");
const DOCUMENT_PART = "word/document.xml";
const COMMENTS_PART = "word/comments.xml";
const EXTENDED_PART = "word/commentsExtended.xml";
/** Threads one file may bring (the comments API's own cap per document is higher). */
const MAX_IMPORTED_THREADS = 500;
const QUOTE_MAX = 500;
const BODY_MAX = 10_000;

export interface ImportedThread {
  anchorId: string;
  quote: string;
  resolved: boolean;
  comments: { author: string; date: Date | null; body: string }[];
}

interface WordComment {
  id: string;
  author: string;
  date: Date | null;
  body: string;
  /** The w14:paraId of its last paragraph: how commentsExtended.xml names it. */
  paraId: string | null;
}

function readComments(xml: string): WordComment[] {
  const out: WordComment[] = [];
  for (const m of xml.matchAll(/<w:comment\b([^>]*)>([\s\S]*?)<\/w:comment>/g)) {
    const [, attrs = "", inner = ""] = m;
    const id = attr(attrs, "w:id");
    if (id === undefined) continue;
    const paragraphs = [...inner.matchAll(/<w:p\b([^>]*)>([\s\S]*?)<\/w:p>/g)];
    const lines = paragraphs.map((p) => [...(p[2] ?? "").matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((t) => decodeXml(t[1] ?? "")).join(""));
    const last = paragraphs.at(-1);
    const date = attr(attrs, "w:date");
    const parsed = date ? new Date(date) : null;
    out.push({
      id,
      author: decodeXml(attr(attrs, "w:author") ?? "").trim() || "Word",
      date: parsed && !Number.isNaN(parsed.getTime()) ? parsed : null,
      body: lines.join("\n").trim().slice(0, BODY_MAX),
      paraId: last ? (attr(last[1] ?? "", "w14:paraId") ?? null) : null,
    });
  }
  return out;
}

/** paraId → its parent's paraId and whether it is done. */
function readExtended(xml: string | undefined): Map<string, { parent: string | null; done: boolean }> {
  const out = new Map<string, { parent: string | null; done: boolean }>();
  if (!xml) return out;
  for (const m of xml.matchAll(/<w15:commentEx\b([^>]*)\/?>/g)) {
    const attrs = m[1] ?? "";
    const paraId = attr(attrs, "w15:paraId");
    if (paraId) out.set(paraId, { parent: attr(attrs, "w15:paraIdParent") ?? null, done: attr(attrs, "w15:done") === "1" });
  }
  return out;
}

/** The document part with a marker run in place of each comment range start and end. */
export function markCommentRanges(parts: Map<string, Buffer>): boolean {
  const doc = parts.get(DOCUMENT_PART);
  if (!doc || !parts.has(COMMENTS_PART)) return false;
  const xml = doc.toString("utf8");
  if (!xml.includes("w:commentRangeStart")) return false;
  const marked = xml
    .replace(/<w:commentRangeStart\b[^>]*\bw:id="(\d{1,9})"[^>]*\/>/g, (_, id: string) => MARKERS.run("s", id))
    .replace(/<w:commentRangeEnd\b[^>]*\bw:id="(\d{1,9})"[^>]*\/>/g, (_, id: string) => MARKERS.run("e", id));
  parts.set(DOCUMENT_PART, Buffer.from(marked, "utf8"));
  return true;
}

/**
 * Takes the markers out of the converted blocks and marks the words between each start and
 * end with a new thread's anchor; answers the threads, with their comments from the parts.
 */
export function applyCommentRanges(blocks: ImportNode[], parts: Map<string, Buffer>): ImportedThread[] {
  const comments = readComments(parts.get(COMMENTS_PART)?.toString("utf8") ?? "");
  const extended = readExtended(parts.get(EXTENDED_PART)?.toString("utf8"));
  const byId = new Map(comments.map((c) => [c.id, c]));
  const byPara = new Map(comments.filter((c) => c.paraId).map((c) => [c.paraId!, c]));
  // A reply belongs to its first ancestor's thread.
  const rootOf = (c: WordComment): WordComment => {
    let at = c;
    for (let hops = 0; hops < 50; hops++) {
      const parent = at.paraId ? extended.get(at.paraId)?.parent : null;
      const next = parent ? byPara.get(parent) : undefined;
      if (!next) break;
      at = next;
    }
    return at;
  };
  const anchors = new Map<string, string>();
  const quotes = new Map<string, string>();
  const open = new Set<string>();
  const onMarker = (kind: "s" | "e", id: string) => {
    const root = byId.get(id);
    if (!root || rootOf(root) !== root) return; // a reply's range is its thread's
    if (kind === "s") {
      if (!anchors.has(root.id) && anchors.size < MAX_IMPORTED_THREADS) anchors.set(root.id, randomUUID());
      if (anchors.has(root.id)) open.add(root.id);
    } else open.delete(root.id);
  };
  const withOpen = (node: ImportNode): ImportNode => {
    if (!open.size) return node;
    const text = node.text ?? "";
    for (const id of open) quotes.set(id, `${quotes.get(id) ?? ""}${text}`);
    // The comment mark is not one of the formats the HTML path makes (ImportMark); it is checked
    // with the rest of the content by validateDocContent (convert-file.ts).
    const comments = [...open].map((id) => ({ type: COMMENT_MARK, attrs: { threadId: anchors.get(id)! } })) as unknown as ImportMark[];
    const marks = [...(node.marks ?? []), ...comments];
    return { ...node, marks };
  };
  MARKERS.apply(blocks, onMarker, withOpen);
  return [...anchors].map(([rootId, anchorId]) => {
    const root = byId.get(rootId)!;
    const thread = comments.filter((c) => rootOf(c) === root && c.body);
    return {
      anchorId,
      quote: (quotes.get(rootId) ?? "").replace(/\s+/g, " ").trim().slice(0, QUOTE_MAX),
      resolved: !!(root.paraId && extended.get(root.paraId)?.done),
      comments: thread.map((c) => ({ author: c.author, date: c.date, body: c.body })),
    };
  }).filter((t) => t.comments.length > 0);
}
