// The owner's share settings for one document. Every query is scoped to the owner in SQL,
// so another user's document (or an unknown id) is a 404.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ShareSettings, ShareSettingsInput } from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { publishDocumentChanged } from "../documents/index.js";
import { badRequest, notFound } from "../http/index.js";
import { publishRevocation } from "../realtime/index.js";
import { expiryDate, expiryInstant, isBeforeToday } from "./expiry.js";
import { hashSharePassword } from "./password.js";

const columns = {
  isPublic: documents.isPublic,
  allowEditing: documents.allowEditing,
  showComments: documents.shareComments,
  expiresAt: documents.shareExpiresAt,
  passwordHash: documents.sharePasswordHash,
};

type Row = { isPublic: boolean; allowEditing: boolean; showComments: boolean; expiresAt: Date | null; passwordHash: string | null };

function present(row: Row): ShareSettings {
  return {
    isPublic: row.isPublic,
    allowEditing: row.allowEditing,
    showComments: row.showComments,
    expiresAt: expiryDate(row.expiresAt),
    hasPassword: row.passwordHash !== null,
  };
}

const ownDocument = (userId: string, documentId: string) =>
  and(eq(documents.id, documentId), eq(documents.userId, userId), isNull(documents.deletedAt));

export async function getShareSettings(ctx: AppContext, userId: string, documentId: string): Promise<ShareSettings> {
  const [row] = await ctx.db.select(columns).from(documents).where(ownDocument(userId, documentId));
  if (!row) throw notFound("Document not found");
  return present(row);
}

export async function updateShareSettings(
  ctx: AppContext,
  userId: string,
  documentId: string,
  input: ShareSettingsInput,
): Promise<ShareSettings> {
  if (input.expiresAt && isBeforeToday(input.expiresAt, ctx.now())) {
    throw badRequest("expiresAt: the expiry date cannot be before today");
  }
  // Hash outside the statement (argon2 takes ~20 ms); the update below is one atomic UPDATE.
  const newHash = typeof input.password === "string" ? await hashSharePassword(input.password) : undefined;
  const passwordChanges = input.password !== undefined;
  const set: Partial<typeof documents.$inferInsert> = {};
  if (input.isPublic !== undefined) set.isPublic = input.isPublic;
  if (input.allowEditing !== undefined) set.allowEditing = input.allowEditing;
  if (input.showComments !== undefined) set.shareComments = input.showComments;
  if (input.expiresAt !== undefined) set.shareExpiresAt = input.expiresAt === null ? null : expiryInstant(input.expiresAt);
  if (passwordChanges) set.sharePasswordHash = newHash ?? null;
  // Making the document private or changing/removing the password revokes every share
  // token issued so far: tokens carry the generation they were issued under.
  const revoke = input.isPublic === false || passwordChanges;
  const bump = revoke ? sql`${documents.shareGeneration} + 1` : sql`${documents.shareGeneration}`;
  const [row] = await ctx.db
    .update(documents)
    .set({ ...set, shareGeneration: bump })
    .where(ownDocument(userId, documentId))
    .returning(columns);
  if (!row) throw notFound("Document not found");
  // Open visitor sockets are checked again at once, on every instance: a private link, a new
  // password or an earlier expiry ends them now rather than at the next save, and turning
  // "Allow editing" off reconnects the visitors editing live as read-only.
  if (revoke || input.expiresAt !== undefined || input.allowEditing === false) {
    await publishRevocation(ctx, { type: "share", documentId });
  } else {
    // Nothing to revoke, but reads answer with the share settings (documents/read-decisions.ts).
    await publishDocumentChanged(ctx, documentId).catch(() => {});
  }
  return present(row);
}
