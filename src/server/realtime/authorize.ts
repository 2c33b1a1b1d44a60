// Who may join a realtime channel: exactly those who may read the document (DESIGN.md §6).
// The Sharing area extends sharePrincipalFor() so that a visitor with a valid share token
// can follow a shared document; the rest (owner check, the read itself) stays as is.
import { channelDocumentId } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { type DocumentPrincipal, isDocumentId, readDocument } from "../documents/access.js";
import type { AuthUser } from "../http/auth-hook.js";
import { shareRealtimePrincipal } from "../sharing/realtime-grant.js";

export interface Subscriber {
  user: AuthUser | null;
}

export interface SubscribeRequest {
  channel: string;
  shareToken?: string;
}

export type SubscribeDecision =
  | { ok: true; documentId: string; principal: DocumentPrincipal }
  | { ok: false; message: string };

/** The principal a share token grants on `documentId`, or null (the Sharing area owns share tokens). */
export async function sharePrincipalFor(
  ctx: AppContext,
  documentId: string,
  shareToken: string,
): Promise<DocumentPrincipal | null> {
  return shareRealtimePrincipal(ctx, documentId, shareToken);
}

async function mayRead(ctx: AppContext, principal: DocumentPrincipal, documentId: string): Promise<boolean> {
  try {
    await readDocument(ctx, principal, documentId);
    return true;
  } catch {
    return false;
  }
}

export async function canSubscribe(ctx: AppContext, subscriber: Subscriber, req: SubscribeRequest): Promise<SubscribeDecision> {
  const documentId = channelDocumentId(req.channel);
  if (!documentId || !isDocumentId(documentId)) return { ok: false, message: "Unknown channel" };
  const candidates: DocumentPrincipal[] = [];
  if (subscriber.user) candidates.push({ kind: "owner", userId: subscriber.user.id });
  if (req.shareToken) {
    const share = await sharePrincipalFor(ctx, documentId, req.shareToken);
    if (share) candidates.push(share);
  }
  for (const principal of candidates) {
    if (await mayRead(ctx, principal, documentId)) return { ok: true, documentId, principal };
  }
  return { ok: false, message: "Document not found" };
}

/** Re-checked before each delivery to share subscribers, so a revoked link stops updates. */
export async function stillAllowed(ctx: AppContext, principal: DocumentPrincipal, documentId: string): Promise<boolean> {
  return principal.kind === "owner" || (await mayRead(ctx, principal, documentId));
}
