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
