// The live co-editing channel's constants and message shapes, without zod: the editor loads
// this with the page, and zod (about 23 KB compressed) stays off the editor's first load.
// collab.ts builds the server's zod schemas on these types; collab-wire.test.ts holds the
// hand-written check below to the same answers as the schema.

/** A visitor on a share link authenticates with this prefix before the link's token. */
export const COLLAB_SHARE_TOKEN_PREFIX = "share:";

/** The XML fragment the editor's body is bound to, and the text holding the title. */
export const COLLAB_BODY_FIELD = "default";
export const COLLAB_TITLE_FIELD = "title";

/** Close codes of a live connection the editor must not simply retry. */
export const COLLAB_CLOSE = {
  /** Access ended: signed out, removed from the document, link turned off. */
  accessEnded: 4403,
  /** The member's role or the link's permission changed: the client reconnects and is granted the new one. */
  accessChanged: 4409,
  /** Too many messages or bytes per second: reconnect after a pause that grows with each repeat. */
  tooManyMessages: 4429,
  /** Too many live connections from this user or this address: reconnect after a pause. */
  tooManyConnections: 4430,
  /** The change (or the document it would make) is larger than a document may be: not applied, kept on the device. */
  messageTooLarge: 4413,
  /** A change the document cannot hold (an unknown kind of block or format, an unsafe link): not applied, kept on the device. */
  changeRefused: 4422,
  /** A message editors may not send (only the server speaks to every editor). */
  notAllowed: 4400,
  /** No valid sign-in within the first seconds or kilobytes of the connection. */
  notAuthenticated: 4401,
} as const;

/** Close codes after which the editor stops reconnecting until the writer acts: the same change would be refused again. */
/** (1009 is the WebSocket's own "message too big", for a frame past the connection's cap.) */
export const COLLAB_REFUSED_CODES: readonly number[] = [COLLAB_CLOSE.messageTooLarge, COLLAB_CLOSE.changeRefused, 1009];
/** Close codes after which the editor reconnects after a growing pause (1 s, 2 s, 4 s … at most 30 s). */
export const COLLAB_BACKOFF_CODES: readonly number[] = [COLLAB_CLOSE.tooManyMessages, COLLAB_CLOSE.tooManyConnections];

/** Notices the server broadcasts to a document's editors (stateless messages). */
export type CollabNotice =
  | {
      type: "stored";
      version: number;
      updatedAt: string;
      /** Base64 Yjs state vector of the stored copy: which changes it holds. */
      stateVector: string;
    }
  | { type: "store-failed"; retryInMs: number }
  /** A comment thread of the document changed: read the threads again (the notice carries no text). */
  | { type: "comments"; threadId: string };

/** Requests an editor may send: "store now" (Ctrl+S) instead of waiting for the 2 s pause. */
export interface CollabRequest {
  type: "store-now";
}

/**
 * POST /api/documents/:id/updates: changes an editor could not send over its live
 * connection (the page is closing), as a base64 Yjs update, sent with a keepalive request.
 * A keepalive body is at most 64 KB, so the update fits in 48 KB of bytes.
 */
export const COLLAB_KEEPALIVE_MAX_BYTES = 48 * 1024;
export interface CollabUpdateBody {
  update: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);

/** A notice from the server as the editor reads it, or null for anything else (what `collabNotice.safeParse` accepts). */
export function readCollabNotice(value: unknown): CollabNotice | null {
  if (!isRecord(value)) return null;
  if (value.type === "stored") {
    const { version, updatedAt, stateVector } = value;
    if (!isNumber(version) || !Number.isSafeInteger(version) || typeof updatedAt !== "string" || typeof stateVector !== "string") return null;
    return { type: "stored", version, updatedAt, stateVector };
  }
  if (value.type === "store-failed") {
    return isNumber(value.retryInMs) ? { type: "store-failed", retryInMs: value.retryInMs } : null;
  }
  if (value.type === "comments") {
    return typeof value.threadId === "string" ? { type: "comments", threadId: value.threadId } : null;
  }
  return null;
}
