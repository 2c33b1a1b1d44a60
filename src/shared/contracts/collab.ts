// The live co-editing channel (/collab): what travels besides Yjs updates, for the server
// (src/server/collab/) and the editor (src/client/features/collab/).
import { z } from "zod";

/** A visitor on a share link authenticates with this prefix before the link's token. */
export const COLLAB_SHARE_TOKEN_PREFIX = "share:";

/** The XML fragment the editor's body is bound to, and the text holding the title. */
export const COLLAB_BODY_FIELD = "default";
export const COLLAB_TITLE_FIELD = "title";

/** Close codes of a live connection the editor must not simply retry. */
export const COLLAB_CLOSE = {
  /** Access ended: signed out, removed from the document, link turned off. */
  accessEnded: 4403,
  /** The member's role changed: the client reconnects and is granted the new one. */
  accessChanged: 4409,
  tooManyMessages: 4429,
  messageTooLarge: 4413,
} as const;

/** Notices the server broadcasts to a document's editors (stateless messages). */
export const collabNotice = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("stored"),
    version: z.number().int(),
    updatedAt: z.string(),
    /** Base64 Yjs state vector of the stored copy: which changes it holds. */
    stateVector: z.string(),
  }),
  z.object({ type: z.literal("store-failed"), retryInMs: z.number() }),
]);
export type CollabNotice = z.infer<typeof collabNotice>;

/** Requests an editor may send: "store now" (Ctrl+S) instead of waiting for the 2 s pause. */
export const collabRequest = z.object({ type: z.literal("store-now") });
export type CollabRequest = z.infer<typeof collabRequest>;

/**
 * POST /api/documents/:id/updates: changes an editor could not send over its live
 * connection (the page is closing), as a base64 Yjs update, sent with a keepalive request.
 * A keepalive body is at most 64 KB, so the update fits in 48 KB of bytes.
 */
export const COLLAB_KEEPALIVE_MAX_BYTES = 48 * 1024;
export const collabUpdateBody = z.strictObject({
  update: z.base64().max(Math.ceil(COLLAB_KEEPALIVE_MAX_BYTES / 3) * 4),
});
export type CollabUpdateBody = z.infer<typeof collabUpdateBody>;
