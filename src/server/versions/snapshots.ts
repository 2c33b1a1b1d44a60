// Taking snapshots of a document for its version history. The content is the JSON that
// documents.content holds at that moment, brotli-compressed (a 27 KB chapter stores in a few
// KB). Callers decide who may ask; these functions only read the document by id.
import zlib from "node:zlib";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { AUTO_SNAPSHOT_EVERY_MS, type VersionAuthor, type VersionKind } from "../../shared/contracts/versions.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { countWords, docToPlainText } from "../../shared/editor/text.js";
import type { AppContext } from "../context.js";
import { documentVersions, documents } from "../db/index.js";

export const compress = (json: string) =>
  zlib.brotliCompressSync(Buffer.from(json, "utf8"), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
export const decompress = (bytes: Uint8Array) => zlib.brotliDecompressSync(bytes).toString("utf8");

type VersionRow = typeof documentVersions.$inferSelect;

/** Snapshots the document's current content; null when the document is gone or in the trash. */
export async function takeSnapshot(
  ctx: AppContext,
  documentId: string,
  opts: {
    kind: VersionKind;
    name?: string | null;
    authors?: VersionAuthor[];
    /** The content to keep instead of the stored one (the live document's, unstored changes included). */
    live?: { content: DocNode; title: string };
  },
): Promise<VersionRow | null> {
  const [stored] = await ctx.db
    .select({
      json: opts.live ? sql<string>`''` : sql<string>`${documents.content}::text`,
      title: documents.title,
      version: documents.version,
      words: documents.wordCount,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)));
  if (!stored) return null;
  const doc = opts.live
    ? { ...stored, json: JSON.stringify(opts.live.content), title: opts.live.title || stored.title, words: countWords(docToPlainText(opts.live.content)) }
    : stored;
  const [row] = await ctx.db
    .insert(documentVersions)
    .values({
      documentId,
      docVersion: doc.version,
      kind: opts.kind,
      name: opts.name ?? null,
      authors: opts.authors ?? [],
      title: doc.title,
      content: compress(doc.json),
      jsonBytes: Buffer.byteLength(doc.json),
      wordCount: doc.words,
      createdAt: ctx.now(),
    })
    .returning();
  return row ?? null;
}

async function latest(ctx: AppContext, documentId: string) {
  const [row] = await ctx.db
    .select({ createdAt: documentVersions.createdAt, docVersion: documentVersions.docVersion })
    .from(documentVersions)
    .where(eq(documentVersions.documentId, documentId))
    .orderBy(desc(documentVersions.createdAt))
    .limit(1);
  return row ?? null;
}

/** Documents remembered per app: enough for every document saved in the last interval on a busy instance. */
const REMEMBERED_DOCUMENTS = 20_000;
const lastTakenByApp = new WeakMap<AppContext, Map<string, number>>();

/**
 * When this instance last saw document `id` snapshotted. A snapshot is never taken earlier
 * than one already seen, so "the last one is recent" read from here holds for every
 * instance; anything else is asked of the database. Autosaves then cost no query for it.
 */
function lastTaken(ctx: AppContext) {
  const known = lastTakenByApp.get(ctx) ?? new Map<string, number>();
  lastTakenByApp.set(ctx, known);
  return {
    get: (id: string) => known.get(id),
    set(id: string, at: Date) {
      known.delete(id);
      known.set(id, at.getTime());
      if (known.size > REMEMBERED_DOCUMENTS) known.delete(known.keys().next().value!);
    },
  };
}

const isRecent = (now: number, at: number) => now - at < AUTO_SNAPSHOT_EVERY_MS;

/**
 * After a stored change: a snapshot when the last one is older than AUTO_SNAPSHOT_EVERY_MS
 * (or there is none). True when one was taken, so the caller starts a new list of authors.
 */
export async function snapshotIfDue(ctx: AppContext, documentId: string, authors: VersionAuthor[]): Promise<boolean> {
  const known = lastTaken(ctx);
  const now = ctx.now().getTime();
  const seen = known.get(documentId);
  if (seen !== undefined && isRecent(now, seen)) return false;
  const last = await latest(ctx, documentId);
  if (last) known.set(documentId, last.createdAt);
  if (last && isRecent(now, last.createdAt.getTime())) return false;
  const taken = await takeSnapshot(ctx, documentId, { kind: "auto", authors });
  if (taken) known.set(documentId, taken.createdAt);
  return !!taken;
}

/**
 * The first version of a new document: its content as created or imported, so its history
 * starts at the beginning and the first change can be compared with what came before it.
 */
export async function keepFirstVersion(ctx: AppContext, documentId: string, author: VersionAuthor): Promise<void> {
  const taken = await takeSnapshot(ctx, documentId, { kind: "created", authors: [author] });
  if (taken) lastTaken(ctx).set(documentId, taken.createdAt);
}

/** When an editing session ends: a snapshot if the document changed since the last one. */
export async function snapshotIfChanged(ctx: AppContext, documentId: string, authors: VersionAuthor[]): Promise<boolean> {
  const last = await latest(ctx, documentId);
  const [doc] = await ctx.db.select({ version: documents.version }).from(documents).where(eq(documents.id, documentId));
  if (!doc || (last && last.docVersion >= doc.version)) return false;
  return !!(await takeSnapshot(ctx, documentId, { kind: "session", authors }));
}
