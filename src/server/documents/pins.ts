// Pins: a user stars a document they may read to keep it at the top of their dashboard.
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { documentPins, documents } from "../db/index.js";
import { notFound } from "../http/index.js";
import { isDocumentId, userAccessCondition } from "./access.js";

/** At most this many pins per user: the pinned row is loaded whole. */
export const MAX_PINS = 100;

export async function pinDocument(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const [doc] = await ctx.db.select({ id: documents.id }).from(documents).where(userAccessCondition(userId, id, false));
  if (!doc) throw notFound("Document not found");
  await ctx.db.insert(documentPins).values({ userId, documentId: id, createdAt: ctx.now() }).onConflictDoNothing();
}

export async function unpinDocument(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const removed = await ctx.db
    .delete(documentPins)
    .where(and(eq(documentPins.userId, userId), eq(documentPins.documentId, id)))
    .returning({ id: documentPins.documentId });
  if (removed.length === 0) throw notFound("Document not found");
}
