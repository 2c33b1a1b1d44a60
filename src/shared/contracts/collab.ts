// The live co-editing channel (/collab): what travels besides Yjs updates, for the server
// (src/server/collab/) and the editor (src/client/features/collab/). The constants and
// types live in collab-wire.ts, which has no zod, so the editor can load them at start; the
// schemas here are for the server (and for code that loads on interaction).
import { z } from "zod";
import { COLLAB_KEEPALIVE_MAX_BYTES, type CollabNotice, type CollabRequest, type CollabUpdateBody } from "./collab-wire.js";

export {
  COLLAB_BODY_FIELD,
  COLLAB_BACKOFF_CODES,
  COLLAB_CLOSE,
  COLLAB_REFUSED_CODES,
  COLLAB_KEEPALIVE_MAX_BYTES,
  COLLAB_SHARE_TOKEN_PREFIX,
  COLLAB_TITLE_FIELD,
  type CollabNotice,
  type CollabRequest,
  type CollabUpdateBody,
  readCollabNotice,
} from "./collab-wire.js";

/** Notices the server broadcasts to a document's editors (stateless messages). */
export const collabNotice: z.ZodType<CollabNotice> = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("stored"),
    version: z.number().int(),
    updatedAt: z.string(),
    /** Base64 Yjs state vector of the stored copy: which changes it holds. */
    stateVector: z.string(),
  }),
  z.object({ type: z.literal("store-failed"), retryInMs: z.number() }),
  z.object({ type: z.literal("comments"), threadId: z.string() }),
]);

/** Requests an editor may send: "store now" (Ctrl+S) instead of waiting for the 2 s pause. */
export const collabRequest: z.ZodType<CollabRequest> = z.object({ type: z.literal("store-now") });

/** POST /api/documents/:id/updates (see COLLAB_KEEPALIVE_MAX_BYTES). */
export const collabUpdateBody: z.ZodType<CollabUpdateBody> = z.strictObject({
  update: z.base64().max(Math.ceil(COLLAB_KEEPALIVE_MAX_BYTES / 3) * 4),
});
