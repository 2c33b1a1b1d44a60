// Reads, the owner's list, create and delete: everything but the save path (save.ts).
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { CreateDocumentBody, DocumentRecord } from "../../shared/contracts/documents.js";
import { DEFAULT_DOCUMENT_TITLE } from "../../shared/limits.js";
import { PLANS } from "../../shared/plans.js";
import { getUserPlan } from "../billing/index.js";
import type { AppContext } from "../context.js";
import { documents, users } from "../db/index.js";
import { notFound, upgradeRequired } from "../http/index.js";
import { type DocumentPrincipal, accessCondition, isDocumentId } from "./access.js";
import { checkContent } from "./content.js";
import { presentDocument } from "./present.js";

export async function readDocument(ctx: AppContext, principal: DocumentPrincipal, id: string): Promise<DocumentRecord> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const [row] = await ctx.db.select().from(documents).where(accessCondition(ctx, principal, id, false));
  if (!row) throw notFound("Document not found");
  return presentDocument(row);
}

export async function listDocuments(ctx: AppContext, userId: string): Promise<DocumentRecord[]> {
  const rows = await ctx.db
    .select()
    .from(documents)
    .where(eq(documents.userId, userId))
    .orderBy(desc(documents.updatedAt), desc(documents.createdAt));
  return rows.map(presentDocument);
}

export async function createDocument(
  ctx: AppContext,
  userId: string,
  input: CreateDocumentBody,
): Promise<DocumentRecord> {
  const checked = input.content !== undefined ? checkContent(input.content) : null;
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // Serializes this user's creates so two at once cannot both pass the limit check.
    await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
    const { plan } = await getUserPlan(tx, userId, now);
    const limit = PLANS[plan].documentLimit;
    if (limit !== null) {
      const [row] = await tx.select({ n: count() }).from(documents).where(eq(documents.userId, userId));
      if ((row?.n ?? 0) >= limit) {
        throw upgradeRequired(
          "documents",
          `Your ${PLANS[plan].name} plan allows up to ${limit} documents. Upgrade your plan to create more.`,
          { limit },
        );
      }
    }
    const [created] = await tx
      .insert(documents)
      .values({
        userId,
        title: input.title?.trim() || DEFAULT_DOCUMENT_TITLE,
        ...(checked ? { content: checked.doc, textContent: checked.text } : {}),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return presentDocument(created!);
  });
}

export async function deleteDocument(ctx: AppContext, userId: string, id: string): Promise<void> {
  if (!isDocumentId(id)) throw notFound("Document not found");
  const deleted = await ctx.db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (deleted.length === 0) throw notFound("Document not found");
}
