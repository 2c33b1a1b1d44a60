// Members of a document: the owner's list, invitations, role changes and removals, the
// invitee's "Shared with me", their pending invitations and their answer to one. Every
// statement names the owner (documents.user_id) or the member (document_members.user_id) in SQL.
//
// An invitation is pending until the invitee accepts it: user_id (and accepted_at) are set
// only then, and every access check in the app (accessOf below, documents/access.ts, search,
// AI suggestions) reads user_id, so a pending row grants nothing. Inviting never looks at the
// accounts table: the owner's answer is the same for every address, with the same queries.
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type AcceptInvitationResponse,
  type InvitationLookup,
  type PendingInvitation,
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
import { badRequest, forbidden, notFound } from "../http/index.js";

type MemberRow = typeof documentMembers.$inferSelect;

const memberNotFound = () => notFound("Member not found");
const documentNotFound = () => notFound("Document not found");

/** Inviting is the Professional plan's collaboration feature. */
export async function ownerMayInvite(ctx: AppContext, ownerId: string): Promise<boolean> {
  return (await getUserPlan(ctx.db, ownerId, ctx.now())).plan === "professional";
}

/** The name only once accepted: a pending invitation shows the address alone. */
function presentMember(row: MemberRow, name: string | null): Member {
  return {
    id: row.id,
    email: row.email,
    name: row.userId ? name : null,
    role: row.role as MemberRole,
    status: row.userId ? "accepted" : "pending",
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
  /** The raw link token; set when an email goes out (a new or still pending invitation). */
  token: string | null;
  created: boolean;
  documentTitle: string;
}

/**
 * Invites `body.email` to the owner's document as a pending invitation, or changes the role of
 * one already on the list (a pending one gets a fresh link, so the email can be sent again).
 * Never reads the accounts table: whether the address has an account changes nothing here.
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
      const [named] = row!.userId ? await tx.select({ name: users.fullName }).from(users).where(eq(users.id, row!.userId)) : [];
      return { member: presentMember(row!, named?.name || null), token: pending ? token : null, created: false, documentTitle: doc.title };
    }
    const [counted] = await tx.select({ n: count() }).from(documentMembers).where(eq(documentMembers.documentId, documentId));
    if ((counted?.n ?? 0) >= MAX_MEMBERS_PER_DOCUMENT) {
      throw badRequest(`A document can be shared with at most ${MAX_MEMBERS_PER_DOCUMENT} people.`, { field: "email" });
    }
    const [row] = await tx
      .insert(documentMembers)
      .values({ documentId, email: body.email, userId: null, role: body.role, tokenHash: sha256(token), invitedBy: owner.id, createdAt: now, updatedAt: now })
      .returning();
    return { member: presentMember(row!, null), token, created: true, documentTitle: doc.title };
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

/** Removes a member, or revokes a pending invitation (its link stops working). */
export async function removeMember(ctx: AppContext, ownerId: string, documentId: string, memberId: string): Promise<void> {
  await ownedDocument(ctx, ownerId, documentId);
  if (!isDocumentId(memberId)) throw memberNotFound();
  const removed = await ctx.db
    .delete(documentMembers)
    .where(and(eq(documentMembers.id, memberId), eq(documentMembers.documentId, documentId)))
    .returning({ id: documentMembers.id });
  if (removed.length === 0) throw memberNotFound();
}

/** Documents other people shared with the user that they accepted. */
export async function sharedWithMe(ctx: AppContext, user: AuthUser): Promise<SharedWithMe[]> {
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
const wrongAccount = () =>
  forbidden("This invitation was sent to a different email address. Sign in with that address to accept or decline it.");
const ROLE_RANK: Record<MemberRole, number> = { viewer: 0, commenter: 1, editor: 2 };

/** The invitation rows with what the invitee sees of them (document title, who invited). */
const invitationColumns = {
  member: documentMembers,
  title: documents.title,
  ownerId: documents.userId,
  inviterName: users.fullName,
  inviterEmail: users.email,
};
type InvitationRow = { member: MemberRow; title: string; ownerId: string; inviterName: string | null; inviterEmail: string };

function presentInvitation(r: InvitationRow): PendingInvitation {
  return {
    id: r.member.id,
    document_id: r.member.documentId,
    document_title: r.title,
    inviter_name: r.inviterName || r.inviterEmail,
    role: r.member.role as MemberRole,
    created_at: r.member.createdAt.toISOString(),
  };
}

/** Whether the invited address is the signed-in account's (compared as stored: lower case). */
const addressedTo = (row: MemberRow, user: AuthUser) => row.email === user.email.toLowerCase();

/** Invitations waiting for the user's answer, sent to their confirmed email address. */
export async function pendingInvitations(ctx: AppContext, user: AuthUser): Promise<PendingInvitation[]> {
  if (!user.emailConfirmedAt) return [];
  const rows = await ctx.db
    .select(invitationColumns)
    .from(documentMembers)
    .innerJoin(documents, eq(documents.id, documentMembers.documentId))
    .innerJoin(users, eq(users.id, documentMembers.invitedBy))
    .where(and(isNull(documentMembers.userId), eq(documentMembers.email, user.email.toLowerCase()), isNull(documents.deletedAt)))
    .orderBy(desc(documentMembers.createdAt));
  return rows.map(presentInvitation);
}

/** An invitation by the emailed link's token, or by its id from "Shared with me". */
type InvitationKey = { token: string } | { id: string };

async function findInvitation(ctx: Pick<AppContext, "db">, key: InvitationKey, lock: boolean): Promise<InvitationRow | undefined> {
  if ("id" in key && !isDocumentId(key.id)) return undefined;
  const where = "token" in key ? eq(documentMembers.tokenHash, sha256(key.token)) : eq(documentMembers.id, key.id);
  const query = ctx.db
    .select(invitationColumns)
    .from(documentMembers)
    .innerJoin(documents, eq(documents.id, documentMembers.documentId))
    .innerJoin(users, eq(users.id, documentMembers.invitedBy))
    .where(and(where, isNull(documents.deletedAt)));
  const [row] = lock ? await query.for("update", { of: documentMembers }) : await query;
  return row;
}

/**
 * What the invitation page shows for the emailed link. Someone else's link that was already
 * accepted, revoked or declined is not found. By id (from "Shared with me"), only an
 * invitation sent to the user's own confirmed address is found.
 */
function visibleTo(row: InvitationRow | undefined, user: AuthUser, key: InvitationKey): row is InvitationRow {
  if (!row) return false;
  if (row.member.userId) return row.member.userId === user.id;
  if ("id" in key) return !!user.emailConfirmedAt && addressedTo(row.member, user);
  return true;
}

export async function lookupInvitation(ctx: AppContext, user: AuthUser, token: string): Promise<InvitationLookup> {
  const key = { token };
  const row = await findInvitation(ctx, key, false);
  if (!visibleTo(row, user, key)) throw invitationNotFound();
  return {
    invitation: presentInvitation(row),
    email: row.member.email,
    status: row.member.userId ? "accepted" : "pending",
    for_you: addressedTo(row.member, user),
  };
}

/**
 * The invitee's yes: the signed-in account must be the invited address. Someone already a
 * member (invited under another address) keeps the stronger of the two roles.
 */
export async function acceptInvitation(ctx: AppContext, user: AuthUser, key: InvitationKey): Promise<AcceptInvitationResponse> {
  return ctx.db.transaction(async (tx) => {
    const row = await findInvitation({ db: tx }, key, true);
    if (!visibleTo(row, user, key)) throw invitationNotFound();
    const { member } = row;
    const role = member.role as MemberRole;
    if (member.userId === user.id) return { document_id: member.documentId, role };
    if (!addressedTo(member, user)) throw wrongAccount();
    if (row.ownerId === user.id) {
      await tx.delete(documentMembers).where(eq(documentMembers.id, member.id));
      return { document_id: member.documentId, role };
    }
    const [mine] = await tx
      .select()
      .from(documentMembers)
      .where(and(eq(documentMembers.documentId, member.documentId), eq(documentMembers.userId, user.id)));
    const now = ctx.now();
    if (mine) {
      const stronger = ROLE_RANK[role] > ROLE_RANK[mine.role as MemberRole] ? role : (mine.role as MemberRole);
      await tx.update(documentMembers).set({ role: stronger, updatedAt: now }).where(eq(documentMembers.id, mine.id));
      await tx.delete(documentMembers).where(eq(documentMembers.id, member.id));
      return { document_id: member.documentId, role: stronger };
    }
    await tx.update(documentMembers).set({ userId: user.id, acceptedAt: now, updatedAt: now }).where(eq(documentMembers.id, member.id));
    return { document_id: member.documentId, role };
  });
}

/** The invitee's no: the invitation is removed (it leaves the owner's list; its link stops working). */
export async function declineInvitation(ctx: AppContext, user: AuthUser, key: InvitationKey): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await findInvitation({ db: tx }, key, true);
    if (!visibleTo(row, user, key) || row.member.userId) throw invitationNotFound();
    if (!addressedTo(row.member, user)) throw wrongAccount();
    await tx.delete(documentMembers).where(eq(documentMembers.id, row.member.id));
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
