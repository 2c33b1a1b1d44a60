// What a share token grants on the realtime channel `document:<id>`: a read-only share
// principal pinned to the token's share_generation, so the realtime module's re-check
// before each delivery (readDocument with this principal) stops the updates as soon as the
// owner makes the document private, changes the password, or the link expires.
import type { AppContext } from "../context.js";
import type { DocumentPrincipal } from "../documents/access.js";
import { resolveShareGrant } from "./grant.js";

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
