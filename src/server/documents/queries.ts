// Reads, the owner's list, create and delete: everything but the save path (save.ts).
import crypto from "node:crypto";
import { getTableColumns, sql } from "drizzle-orm";
import type { CreateDocumentBody, DocumentRecord } from "../../shared/contracts/documents.js";
import type { DocumentAccess } from "../../shared/contracts/members.js";
import { DEFAULT_DOCUMENT_TITLE } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { type Db, documents, preparedPerDb } from "../db/index.js";
import { notFound } from "../http/index.js";
import { type DocumentPrincipal, accessCondition, isDocumentId, userAccessCondition } from "./access.js";
import { checkContent } from "./content.js";
import { assertRoomForDocument } from "./limit.js";
import { contentCache } from "./content-cache.js";
import { readDecisions } from "./read-decisions.js";
import { presentDocument, presentSummary } from "./present.js";

/**
 * The signed-in user's read of one document, as the answer's JSON: the content is spliced in
 * as text, never parsed and serialized again, and comes from the content cache when this
 * version was read or saved lately (content-cache.ts). Whether the user may read it, at
 * which version, with which metadata, is asked once and then kept until an event says the
 * document changed (read-decisions.ts), so a repeated read asks the database nothing.
 * With it, a validator for conditional reads: the version moves with every change of the
 * content or title, the hash covers the rest.
 */
export async function readDocumentJson(ctx: AppContext, userId: string, id: string, opts: { content?: boolean } = {}): Promise<{ json: string; etag: string }> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const withContent = opts.content ?? true;
  // Without the content (the live editor takes it from its session), the answer and its
  // validator are the metadata's alone.
  const answer = (contentJson: string | undefined, metaTail: string, etag: string) =>
    withContent ? { json: `{"content":${contentJson}${metaTail}`, etag } : { json: `{${metaTail.slice(1)}`, etag: etag.replace(/"$/, '-m"') };
  const cache = contentCache(ctx);
  const decisions = readDecisions(ctx);
  const known = decisions.get(userId, id);
  const cached = known && cache.get(id, known.version);
  if (known && (!withContent || cached !== undefined)) return answer(cached, known.metaTail, known.etag);
  const mark = decisions.mark();
  const params = { userId, id };
  let [row] = await readMeta(ctx.db).execute(params);
  if (!row) throw notFound("Document not found");
  let contentJson = withContent ? cache.get(id, row.version) : undefined;
  if (withContent && contentJson === undefined) {
    [row] = await readWithContent(ctx.db).execute(params);
    if (!row?.contentJson) throw notFound("Document not found");
    contentJson = row.contentJson;
    cache.set(id, row.version, contentJson);
  }
  const { word_count: _words, excerpt: _excerpt, ...rest } = presentSummary(row, "");
  const meta = JSON.stringify({ ...rest, access: row.access });
  const etag = `W/"${row.version}-${crypto.createHash("sha1").update(meta).digest("base64url").slice(0, 16)}"`;
  const metaTail = `,${meta.slice(1)}`;
  decisions.set(userId, id, { version: row.version, metaTail, etag }, mark);
  return answer(contentJson, metaTail, etag);
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
