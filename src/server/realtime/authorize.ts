// Who may join a realtime channel: exactly those who may read the document.
// The Sharing area extends sharePrincipalFor() so that a visitor with a valid share token
// can follow a shared document; the rest (owner check, the read itself) stays as is.
import { channelDocumentId } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { type DocumentPrincipal, isDocumentId, readDocument } from "../documents/index.js";
import type { AuthUser } from "../service-types.js";
import { liveShareState, shareRealtimePrincipal } from "../sharing/index.js";

export interface Subscriber {
  user: AuthUser | null;
}

export interface SubscribeRequest {
  channel: string;
  shareToken?: string;
}

export type SubscribeDecision =
  | {
      ok: true;
      documentId: string;
      principal: DocumentPrincipal;
      /** For a share principal: when the link stops working (null: no expiry). */
      shareExpiresAt?: Date | null;
    }
  | { ok: false; message: string };

/** The principal a share token grants on `documentId`, or null (the Sharing area owns share tokens). */
async function sharePrincipalFor(
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
  if (subscriber.user) candidates.push({ kind: "user", userId: subscriber.user.id });
  if (req.shareToken) {
    const share = await sharePrincipalFor(ctx, documentId, req.shareToken);
    if (share) candidates.push(share);
  }
  for (const principal of candidates) {
    if (principal.kind === "share") {
      // The link's live state also gives its expiry, when the visitor's updates must stop.
      const state = await liveShareState(ctx, documentId);
      if (state && state.generation === principal.shareGeneration) {
        return { ok: true, documentId, principal, shareExpiresAt: state.expiresAt };
      }
    } else if (await mayRead(ctx, principal, documentId)) {
      return { ok: true, documentId, principal };
    }
  }
  return { ok: false, message: "Document not found" };
}
