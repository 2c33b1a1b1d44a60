// The trash: deleting a document sets deleted_at; for TRASH_DAYS it can be restored or
// deleted for good, then the trash upkeep deletes it. While it is in the trash every access
// condition leaves it out (access.ts notInTrash), so share links and members' access pause,
// and open editors and visitors are closed at once (a revocation, like a removed member).
import { and, desc, eq, getTableColumns, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { DOCUMENT_EXCERPT_LENGTH, type DocumentSummary, TRASH_DAYS, type TrashedDocument } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { documentImages, documents } from "../db/index.js";
import { notFound } from "../http/index.js";
import { publishRevocation } from "../realtime/index.js";
import { isDocumentId } from "./access.js";
import { assertRoomForDocument } from "./limit.js";
import { excerptOf } from "../../shared/editor/text.js";
import { presentSummary } from "./present.js";

const DAY_MS = 86_400_000;
const { content: _content, textContent: _text, ...summaryColumns } = getTableColumns(documents);
const textStart = sql<string>`left(${documents.textContent}, ${DOCUMENT_EXCERPT_LENGTH})`;
const inTrashOf = (userId: string, id: string) => and(eq(documents.id, id), eq(documents.userId, userId), isNotNull(documents.deletedAt));

/** Moves the owner's document to the trash; everyone's live access to it ends now. */
export async function moveToTrash(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const moved = await ctx.db
    .update(documents)
    .set({ deletedAt: ctx.now() })
    .where(and(eq(documents.id, id), eq(documents.userId, userId), isNull(documents.deletedAt)))
    .returning({ id: documents.id });
  if (moved.length === 0) throw notFound("Document not found");
  // Both re-check every grant on the document: members' and the owner's editors, link visitors.
  await publishRevocation(ctx, { type: "member", documentId: id });
  await publishRevocation(ctx, { type: "share", documentId: id });
}

export async function listTrash(ctx: AppContext, userId: string): Promise<TrashedDocument[]> {
  const rows = await ctx.db
    .select({ ...summaryColumns, textStart })
    .from(documents)
    .where(and(eq(documents.userId, userId), isNotNull(documents.deletedAt)))
    .orderBy(desc(documents.deletedAt));
  return rows.map((row) => ({
    ...presentSummary(row, excerptOf(row.textStart, DOCUMENT_EXCERPT_LENGTH)),
    deleted_at: row.deletedAt!.toISOString(),
    purge_at: new Date(row.deletedAt!.getTime() + TRASH_DAYS * DAY_MS).toISOString(),
  }));
}

/** Takes a document out of the trash; it counts against the plan's limit again (402 when full). */
export async function restoreFromTrash(ctx: AppContext, userId: string, id: string): Promise<DocumentSummary> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  return ctx.db.transaction(async (tx) => {
    const [trashed] = await tx.select({ id: documents.id }).from(documents).where(inTrashOf(userId, id));
    if (!trashed) throw notFound("Document not found");
    await assertRoomForDocument(
      tx,
      userId,
      ctx.now(),
      (limit, planName) => `Your ${planName} plan allows up to ${limit} documents. Delete one or upgrade your plan to restore this one.`,
    );
    const [row] = await tx
      .update(documents)
      .set({ deletedAt: null })
      .where(inTrashOf(userId, id))
      .returning({ ...summaryColumns, textStart });
    return presentSummary(row!, excerptOf(row!.textStart, DOCUMENT_EXCERPT_LENGTH));
  });
}

/**
 * Deletes a document in the trash for good. Returns the images it referenced: the caller
 * deletes those no other document references (images/ purgeUnreferencedImages).
 */
export async function deleteForever(ctx: AppContext, userId: string, id: string): Promise<string[]> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  return ctx.db.transaction(async (tx) => {
    const referenced = await tx.select({ id: documentImages.imageId }).from(documentImages).where(eq(documentImages.documentId, id));
    const deleted = await tx.delete(documents).where(inTrashOf(userId, id)).returning({ id: documents.id });
    if (deleted.length === 0) throw notFound("Document not found");
    return referenced.map((r) => r.id);
  });
}

/** Deletes for good what has been in the trash for TRASH_DAYS; returns how many. */
export async function purgeExpiredTrash(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - TRASH_DAYS * DAY_MS);
  const purged = await ctx.db.delete(documents).where(lt(documents.deletedAt, before)).returning({ id: documents.id });
  return purged.length;
}
