// Who may join a document's live session, decided with the same SQL rules as every other
// route (documents/access.ts, members/queries.ts, sharing/grant.ts). A signed-in user (the
// owner, or a member: a viewer joins read-only, a commenter may only add comment marks and suggest) presents the access token; a visitor on a
// share link presents "share:<token>" from GET /api/shared/:id.
import { COLLAB_CLOSE, COLLAB_SHARE_TOKEN_PREFIX } from "../../shared/contracts/collab.js";
import type { AppContext, AuthUser } from "../context.js";
import { type DocumentPrincipal, isDocumentId } from "../documents/index.js";
import { userFromAccessToken } from "../http/index.js";
import { accessOf } from "../members/index.js";
import type { Revocation } from "../realtime/index.js";
import { liveShareState, resolveShareGrant } from "../sharing/index.js";


/** What a live connection was granted; kept on the connection to re-check it later. */
export interface CollabGrant {
  documentId: string;
  principal: DocumentPrincipal;
  readOnly: boolean;
  /**
   * A commenter: the connection may send changes, but only ones that add or remove comment
   * marks or their own suggestions (comment-only.ts); the text itself they cannot change.
   */
  commentOnly: boolean;
  /** The signed-in user behind the connection (null for a link visitor). */
  user: AuthUser | null;
  /** The link's generation a visitor joined under (a new generation ends the grant). */
  shareGeneration?: number;
}

export class CollabDenied extends Error {
  readonly code = COLLAB_CLOSE.accessEnded;
  readonly reason = "Forbidden";
}

/** The grant for `token` on document `documentId`; throws CollabDenied (same answer for missing and forbidden). */
export async function grantFor(ctx: AppContext, documentId: string, token: string): Promise<CollabGrant> {
  if (!isDocumentId(documentId) || !token) throw new CollabDenied();
  if (token.startsWith(COLLAB_SHARE_TOKEN_PREFIX)) {
    const grant = await resolveShareGrant(ctx, documentId, token.slice(COLLAB_SHARE_TOKEN_PREFIX.length)).catch(() => null);
    if (!grant?.tokenValid) throw new CollabDenied();
    const principal: DocumentPrincipal = { kind: "share", documentId, canEdit: grant.canEdit, shareGeneration: grant.generation };
    return { documentId, principal, readOnly: !grant.canEdit, commentOnly: false, user: null, shareGeneration: grant.generation };
  }
  const { user } = await userFromAccessToken(ctx, token);
  if (!user) throw new CollabDenied();
  const access = await accessOf(ctx, user.id, documentId);
  if (!access) throw new CollabDenied();
  return { documentId, principal: { kind: "user", userId: user.id }, readOnly: access === "viewer", commentOnly: access === "commenter", user };
}

/**
 * A grant checked again now (after a sign-out, a share or member change, a deletion):
 * "holds", "ended", or "changed" when the connection must reconnect to get a new scope: a
 * member's role now allows more or less than it was granted, or a visitor was granted
 * editing and the link no longer allows it. A visitor's access ends only when the link
 * itself stops working (private, expired, deleted, or a new generation that voids the
 * token). A read-only visitor holds when editing is turned on: the shared view opens a new
 * live connection for editing, and this one may hold changes typed while they were refused.
 */
export async function recheckGrant(ctx: AppContext, grant: CollabGrant): Promise<"holds" | "changed" | "ended"> {
  if (grant.principal.kind === "user") {
    const access = await accessOf(ctx, grant.principal.userId, grant.documentId);
    if (!access) return "ended";
    return (access === "viewer") === grant.readOnly && (access === "commenter") === grant.commentOnly ? "holds" : "changed";
  }
  const state = await liveShareState(ctx, grant.documentId);
  if (!state || state.generation !== grant.shareGeneration) return "ended";
  return grant.readOnly || state.allowEditing ? "holds" : "changed";
}

/**
 * What a revocation (from the realtime bus) means for a live connection's grant: a sign-out
 * ends that session's connections, a user-wide one every other session's; a share or member
 * change is checked again against the database.
 */
export async function revocationOutcome(ctx: AppContext, grant: CollabGrant, revocation: Revocation): Promise<"holds" | "changed" | "ended"> {
  if (revocation.type === "session") return grant.user?.sessionId === revocation.sessionId ? "ended" : "holds";
  if (revocation.type === "user") return grant.user?.id === revocation.userId && grant.user.sessionId !== revocation.exceptSessionId ? "ended" : "holds";
  return recheckGrant(ctx, grant);
}
