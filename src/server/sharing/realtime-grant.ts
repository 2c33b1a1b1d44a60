// What a share token grants on the realtime channel `document:<id>`: a read-only share
// principal pinned to the token's share_generation. The realtime module keeps that grant
// with the link's expiry and re-checks it once per change for all visitors of a document
// (liveShareState), so updates stop as soon as the owner makes the document private,
// changes the password, or the link expires.
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { type DocumentPrincipal, isDocumentId } from "../documents/index.js";
import { resolveShareGrant } from "./grant.js";
import { liveLinkCondition } from "./live-link.js";

export async function shareRealtimePrincipal(
  ctx: AppContext,
  documentId: string,
  shareToken: string,
): Promise<DocumentPrincipal | null> {
  try {
    const grant = await resolveShareGrant(ctx, documentId, shareToken);
    // Unprotected links also hand out tokens (GET /api/shared/:id); either way the token
    // must have been issued under the current generation.
    if (!grant.tokenValid) return null;
    return { kind: "share", documentId: grant.documentId, canEdit: false, shareGeneration: grant.generation };
  } catch {
    return null;
  }
}

/** A live share link's state, as the REST shared view would see it now. */
export interface LiveShareState {
  generation: number;
  allowEditing: boolean;
  /** Whether visitors see the comment threads (the owner's "Show comments"). */
  showComments: boolean;
  /** The first instant the link no longer works, or null for no expiry. */
  expiresAt: Date | null;
}

/**
 * The link's state while it works (public, unexpired), or null. One small read by document
 * id — a share link is public by definition; the grant is the generation compared by the caller.
 */
export async function liveShareState(ctx: AppContext, documentId: string): Promise<LiveShareState | null> {
  if (!isDocumentId(documentId)) return null;
  const [row] = await ctx.db
    .select({
      generation: documents.shareGeneration,
      allowEditing: documents.allowEditing,
      showComments: documents.shareComments,
      expiresAt: documents.shareExpiresAt,
    })
    .from(documents)
    .where(liveLinkCondition(ctx, documentId));
  return row ?? null;
}
