// Revocations that must end open /realtime sockets at once, on every instance: a signed-out
// session (any scope), a password change (signs out the other sessions), a deleted account,
// a share link turned off, regenerated or re-dated, and a member removed or given another role. They travel on the realtime bus
// (in-process, or LISTEN/NOTIFY across instances — see providers/postgres.ts), on a channel that
// is not a document channel, so the record itself goes in the notification (inlineCodec).
import type { AppContext } from "../context.js";

export const REVOCATION_CHANNEL = "realtime:revocations";

export type Revocation =
  /** One session ended (sign-out scope=local, refresh-token reuse). */
  | { type: "session"; sessionId: string }
  /** Every session of a user ended, but `exceptSessionId` (sign-out scope=others/global, password change, account deletion). */
  | { type: "user"; userId: string; exceptSessionId?: string }
  /** A document's share settings changed: visitors' grants are checked again. */
  | { type: "share"; documentId: string }
  /** A member of a document was removed or given another role: members' grants are checked again. */
  | { type: "member"; documentId: string };

export function isRevocation(value: unknown): value is Revocation {
  if (!value || typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  if (r.type === "session") return typeof r.sessionId === "string";
  if (r.type === "user") return typeof r.userId === "string" && (r.exceptSessionId === undefined || typeof r.exceptSessionId === "string");
  if (r.type === "share" || r.type === "member") return typeof r.documentId === "string";
  return false;
}

/**
 * Tells every instance to close what `revocation` ends. Call after the write commits. A
 * failed broadcast does not fail the sign-out: the heartbeat re-check (connection.ts) still
 * ends the socket within one interval.
 */
export async function publishRevocation(ctx: AppContext, revocation: Revocation): Promise<void> {
  try {
    await ctx.realtime.publish({ channel: REVOCATION_CHANNEL, record: revocation });
  } catch (err) {
    console.error("realtime: could not broadcast a revocation", err);
  }
}
