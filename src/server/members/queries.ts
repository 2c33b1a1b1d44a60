// Members of a document: the owner's list, invitations, role changes and removals, the
// invitee's "Shared with me" and the emailed link's acceptance. Every statement names the
// owner (documents.user_id) or the member (document_members.user_id) in SQL.
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type AcceptInvitationResponse,
  type DocumentAccess,
  type InviteMemberBody,
  MAX_MEMBERS_PER_DOCUMENT,
  type Member,
  type MemberRole,
  type SharedWithMe,
} from "../../shared/contracts/members.js";
import { randomToken, sha256 } from "../auth/index.js";
import { getUserPlan } from "../billing/index.js";
import type { AppContext, AuthUser } from "../context.js";
import { documentMembers, documents, users } from "../db/index.js";
import { isDocumentId, ownerCondition } from "../documents/index.js";
import { badRequest, notFound } from "../http/index.js";

type MemberRow = typeof documentMembers.$inferSelect;

const memberNotFound = () => notFound("Member not found");
const documentNotFound = () => notFound("Document not found");

/** Inviting is the Professional plan's collaboration feature. */
export async function ownerMayInvite(ctx: AppContext, ownerId: string): Promise<boolean> {
  return (await getUserPlan(ctx.db, ownerId, ctx.now())).plan === "professional";
}

function presentMember(row: MemberRow, name: string | null): Member {
  return {
    id: row.id,
    email: row.email,
    name,
    role: row.role as MemberRole,
    status: row.userId ? "joined" : "invited",
    created_at: row.createdAt.toISOString(),
  };
}

/** The owner's document (title), or 404 for anyone else and for a missing one. */
async function ownedDocument(ctx: AppContext, ownerId: string, documentId: string) {
  if (!isDocumentId(documentId)) throw documentNotFound();
  const [doc] = await ctx.db.select({ id: documents.id, title: documents.title }).from(documents).where(ownerCondition(ownerId, documentId));
  if (!doc) throw documentNotFound();
  return doc;
}

export async function listMembers(ctx: AppContext, ownerId: string, documentId: string): Promise<Member[]> {
  await ownedDocument(ctx, ownerId, documentId);
  const rows = await ctx.db
    .select({ member: documentMembers, name: users.fullName })
    .from(documentMembers)
    .leftJoin(users, eq(users.id, documentMembers.userId))
    .where(eq(documentMembers.documentId, documentId))
    .orderBy(asc(documentMembers.createdAt), asc(documentMembers.email));
  return rows.map((r) => presentMember(r.member, r.name || null));
}

export interface Invitation {
  member: Member;
  /** The raw link token; only set when an email has to go out (a new or still pending invitation). */
  token: string | null;
  created: boolean;
  documentTitle: string;
  /** The account the invitation is already bound to, if any. */
  inviteeUserId: string | null;
}

/**
 * Invites `body.email` to the owner's document, or changes the role of an existing
 * invitation (a pending one gets a fresh link, so the email can be sent again). An account
 * with that confirmed address gets the document at once; anyone else when they follow the link.
 */
export async function inviteMember(ctx: AppContext, owner: AuthUser, documentId: string, body: InviteMemberBody): Promise<Invitation> {
  const doc = await ownedDocument(ctx, owner.id, documentId);
  if (body.email === owner.email.toLowerCase()) throw badRequest("You own this document already.", { field: "email" });
  const token = randomToken();
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // One invitation at a time per document, so the member cap holds under concurrent invites.
    await tx.execute(sql`SELECT ${documents.id} FROM ${documents} WHERE ${documents.id} = ${documentId} FOR UPDATE`);
    const [existing] = await tx
      .select()
      .from(documentMembers)
      .where(and(eq(documentMembers.documentId, documentId), eq(documentMembers.email, body.email)));
    if (existing) {
      const pending = !existing.userId;
      const [row] = await tx
        .update(documentMembers)
        .set({ role: body.role, updatedAt: now, ...(pending ? { tokenHash: sha256(token) } : {}) })
        .where(eq(documentMembers.id, existing.id))
        .returning();
      return { member: presentMember(row!, null), token: pending ? token : null, created: false, documentTitle: doc.title, inviteeUserId: existing.userId };
    }
    const [counted] = await tx.select({ n: count() }).from(documentMembers).where(eq(documentMembers.documentId, documentId));
    if ((counted?.n ?? 0) >= MAX_MEMBERS_PER_DOCUMENT) {
      throw badRequest(`A document can be shared with at most ${MAX_MEMBERS_PER_DOCUMENT} people.`, { field: "email" });
    }
    const [account] = await tx
      .select({ id: users.id, confirmed: users.emailConfirmedAt, name: users.fullName })
      .from(users)
      .where(sql`lower(${users.email}) = ${body.email}`);
    const bindTo = account?.confirmed ? account.id : null;
    const [row] = await tx
      .insert(documentMembers)
      .values({ documentId, email: body.email, userId: bindTo, role: body.role, tokenHash: sha256(token), invitedBy: owner.id, createdAt: now, updatedAt: now })
      .returning();
    return {
      member: presentMember(row!, bindTo ? account?.name || null : null),
      token,
      created: true,
      documentTitle: doc.title,
      inviteeUserId: account?.id ?? null,
    };
  });
}

export async function changeMemberRole(ctx: AppContext, ownerId: string, documentId: string, memberId: string, role: MemberRole): Promise<Member> {
  await ownedDocument(ctx, ownerId, documentId);
  if (!isDocumentId(memberId)) throw memberNotFound();
  const [row] = await ctx.db
    .update(documentMembers)
    .set({ role, updatedAt: ctx.now() })
    .where(and(eq(documentMembers.id, memberId), eq(documentMembers.documentId, documentId)))
    .returning();
  if (!row) throw memberNotFound();
  const [named] = row.userId ? await ctx.db.select({ name: users.fullName }).from(users).where(eq(users.id, row.userId)) : [];
  return presentMember(row, named?.name || null);
}

export async function removeMember(ctx: AppContext, ownerId: string, documentId: string, memberId: string): Promise<void> {
  await ownedDocument(ctx, ownerId, documentId);
  if (!isDocumentId(memberId)) throw memberNotFound();
  const removed = await ctx.db
    .delete(documentMembers)
    .where(and(eq(documentMembers.id, memberId), eq(documentMembers.documentId, documentId)))
    .returning({ id: documentMembers.id });
  if (removed.length === 0) throw memberNotFound();
}

/**
 * Binds the pending invitations addressed to the user's confirmed email to their account, so
 * someone who signed up without following the link still finds the documents.
 */
async function claimInvitations(ctx: AppContext, user: AuthUser): Promise<void> {
  if (!user.emailConfirmedAt) return;
  await ctx.db
    .update(documentMembers)
    .set({ userId: user.id, updatedAt: ctx.now() })
    .where(
      and(
        isNull(documentMembers.userId),
        eq(documentMembers.email, user.email.toLowerCase()),
        // Spelled out: the query builder leaves column names unqualified here, and inside a
        // subquery an unqualified name means the subquery's own table.
        sql`not exists (select 1 from documents d where d.id = "document_members"."document_id" and d.user_id = ${user.id})`,
        sql`not exists (select 1 from document_members mine where mine.document_id = "document_members"."document_id" and mine.user_id = ${user.id})`,
      ),
    );
}

export async function sharedWithMe(ctx: AppContext, user: AuthUser): Promise<SharedWithMe[]> {
  await claimInvitations(ctx, user);
  const rows = await ctx.db
    .select({
      id: documents.id,
      title: documents.title,
      updatedAt: documents.updatedAt,
      role: documentMembers.role,
      ownerName: users.fullName,
      ownerEmail: users.email,
    })
    .from(documentMembers)
    .innerJoin(documents, eq(documents.id, documentMembers.documentId))
    .innerJoin(users, eq(users.id, documents.userId))
    .where(and(eq(documentMembers.userId, user.id), isNull(documents.deletedAt)))
    .orderBy(desc(documents.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    role: r.role as MemberRole,
    owner_name: r.ownerName || r.ownerEmail,
    updated_at: r.updatedAt.toISOString(),
  }));
}

const invitationNotFound = () => notFound("This invitation is no longer valid. Ask the owner to invite you again.");
const ROLE_RANK: Record<MemberRole, number> = { viewer: 0, editor: 1 };

/**
 * The emailed link, followed by someone signed in. The link proves they read the invitation,
 * so it binds to the account they use (once: a link taken by one account is invalid for
 * every other). Someone already a member keeps the stronger of the two roles.
 */
export async function acceptInvitation(ctx: AppContext, user: AuthUser, token: string): Promise<AcceptInvitationResponse> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(documentMembers).where(eq(documentMembers.tokenHash, sha256(token))).for("update");
    if (!row || (row.userId && row.userId !== user.id)) throw invitationNotFound();
    const role = row.role as MemberRole;
    const [doc] = await tx.select({ ownerId: documents.userId }).from(documents).where(and(eq(documents.id, row.documentId), isNull(documents.deletedAt)));
    if (!doc) throw invitationNotFound();
    if (doc.ownerId === user.id || row.userId === user.id) return { document_id: row.documentId, role };
    const [mine] = await tx
      .select()
      .from(documentMembers)
      .where(and(eq(documentMembers.documentId, row.documentId), eq(documentMembers.userId, user.id)));
    if (mine) {
      const stronger = ROLE_RANK[role] > ROLE_RANK[mine.role as MemberRole] ? role : (mine.role as MemberRole);
      await tx.update(documentMembers).set({ role: stronger, updatedAt: ctx.now() }).where(eq(documentMembers.id, mine.id));
      await tx.delete(documentMembers).where(eq(documentMembers.id, row.id));
      return { document_id: row.documentId, role: stronger };
    }
    await tx.update(documentMembers).set({ userId: user.id, updatedAt: ctx.now() }).where(eq(documentMembers.id, row.id));
    return { document_id: row.documentId, role };
  });
}

/** What `userId` may do with the document: "owner", a member's role, or null (no access). */
export async function accessOf(ctx: AppContext, userId: string, documentId: string): Promise<DocumentAccess | null> {
  if (!isDocumentId(documentId)) return null;
  const [row] = await ctx.db
    .select({ ownerId: documents.userId, role: documentMembers.role })
    .from(documents)
    .leftJoin(documentMembers, and(eq(documentMembers.documentId, documents.id), eq(documentMembers.userId, userId)))
    .where(and(eq(documents.id, documentId), isNull(documents.deletedAt)));
  if (!row) return null;
  if (row.ownerId === userId) return "owner";
  return (row.role as MemberRole | null) ?? null;
}
