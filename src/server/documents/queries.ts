// Reads, the owner's list, create and delete: everything but the save path (save.ts).
import crypto from "node:crypto";
import { and, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import {
  type CreateDocumentBody,
  DOCUMENT_EXCERPT_LENGTH,
  type DocumentListQuery,
  type DocumentRecord,
  type DocumentSummary,
} from "../../shared/contracts/documents.js";
import type { DocumentAccess } from "../../shared/contracts/members.js";
import { DEFAULT_DOCUMENT_TITLE } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { type Db, documents, preparedPerDb } from "../db/index.js";
import { badRequest, notFound } from "../http/index.js";
import { type DocumentPrincipal, accessCondition, isDocumentId, userAccessCondition } from "./access.js";
import { checkContent } from "./content.js";
import { assertRoomForDocument } from "./limit.js";
import { contentCache } from "./content-cache.js";
import { presentDocument, presentSummary } from "./present.js";

/**
 * The signed-in user's read of one document, as the answer's JSON: the content is spliced in
 * as text, never parsed and serialized again, and comes from the content cache when this
 * version was read or saved lately (content-cache.ts), so a read is usually one small query.
 * With it, a validator for conditional reads: the version moves with every change of the
 * content or title, the hash covers the rest.
 */
export async function readDocumentJson(ctx: AppContext, userId: string, id: string): Promise<{ json: string; etag: string }> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const cache = contentCache(ctx);
  const params = { userId, id };
  let [row] = await readMeta(ctx.db).execute(params);
  if (!row) throw notFound("Document not found");
  let contentJson = cache.get(id, row.version);
  if (contentJson === undefined) {
    [row] = await readWithContent(ctx.db).execute(params);
    if (!row?.contentJson) throw notFound("Document not found");
    contentJson = row.contentJson;
    cache.set(id, row.version, contentJson);
  }
  const { word_count: _words, excerpt: _excerpt, ...rest } = presentSummary(row, "");
  const meta = JSON.stringify({ ...rest, access: row.access });
  const etag = `W/"${row.version}-${crypto.createHash("sha1").update(meta).digest("base64url").slice(0, 16)}"`;
  return { json: `{"content":${contentJson},${meta.slice(1)}`, etag };
}

/** The editor's read, prepared once per database: the record with the caller's access, and the content only on a cache miss. */
function prepareRead(db: Db, withContent: boolean) {
  const userId = sql.placeholder("userId");
  return db
    .select({
      ...summaryColumns,
      contentJson: withContent ? sql<string | null>`${documents.content}::text` : sql<string | null>`null`,
      // Spelled out: inside a select list the query builder leaves column names unqualified.
      access: sql<DocumentAccess>`case when "documents"."user_id" = ${userId} then 'owner' else (select m.role from document_members m where m.document_id = "documents"."id" and m.user_id = ${userId}) end`,
    })
    .from(documents)
    .where(userAccessCondition(userId, sql.placeholder("id"), false))
    .prepare(withContent ? "read_document_with_content" : "read_document_meta");
}
const readMeta = preparedPerDb((db) => prepareRead(db, false));
const readWithContent = preparedPerDb((db) => prepareRead(db, true));

export async function readDocument(ctx: AppContext, principal: DocumentPrincipal, id: string): Promise<DocumentRecord> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const [row] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, false));
  if (!row) throw notFound("Document not found");
  return presentDocument(row);
}

const { content: _content, textContent: _text, ...summaryColumns } = getTableColumns(documents);

/** A page's position: the last entry's updated_at (as the database wrote it, to the microsecond) and id. */
function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString("base64url");
}

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof at === "string" && typeof id === "string" && isDocumentId(id) && !Number.isNaN(Date.parse(at))) return { at, id };
  } catch {
    // falls through to the 400
  }
  throw badRequest("Invalid cursor", { field: "cursor" });
}

export interface DocumentPage {
  items: DocumentSummary[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
}

/** The owner's documents, newest first, a page at a time, without their content. */
export async function listDocuments(ctx: AppContext, userId: string, query: DocumentListQuery): Promise<DocumentPage> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const rows = await ctx.db
    .select({
      ...summaryColumns,
      cursorAt: sql<string>`${documents.updatedAt}::text`,
      excerpt: sql<string>`btrim(regexp_replace(left(${documents.textContent}, ${DOCUMENT_EXCERPT_LENGTH}), '[[:space:]]+', ' ', 'g'))`,
    })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        isNull(documents.deletedAt),
        after ? sql`(${documents.updatedAt}, ${documents.id}) < (${after.at}::timestamptz, ${after.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(documents.updatedAt), desc(documents.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => presentSummary(row, row.excerpt)),
    next: rows.length > query.limit && last ? encodeCursor(last.cursorAt, last.id) : null,
  };
}

export async function createDocument(
  ctx: AppContext,
  userId: string,
  input: CreateDocumentBody,
): Promise<DocumentRecord> {
  const checked = input.content !== undefined ? checkContent(input.content) : null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    await assertRoomForDocument(tx, userId, now, (limit, planName) => `Your ${planName} plan allows up to ${limit} documents. Upgrade your plan to create more.`);
    const [created] = await tx
      .insert(documents)
      .values({
        userId,
        title: input.title?.trim() || DEFAULT_DOCUMENT_TITLE,
        ...(checked ? { content: checked.doc, textContent: checked.text, wordCount: checked.words } : {}),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return presentDocument(created!);
  });
}
