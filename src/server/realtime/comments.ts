// "The comments of a document changed": published after a thread or comment is written, on
// every instance (in-process, or LISTEN/NOTIFY with the record inline: it is tiny). The live
// server (collab/server.ts) passes it to everyone in that document as a notice; each of them
// then reads the threads again through the API, under their own access, so the bus never
// carries comment text and a revoked person (whose live connection is closed) hears nothing.
import type { AppContext } from "../context.js";

export const COMMENTS_CHANNEL = "realtime:comments";

export interface CommentsChange {
  documentId: string;
  threadId: string;
}

export function isCommentsChange(value: unknown): value is CommentsChange {
  if (!value || typeof value !== "object") return false;
  const r = value as Record<string, unknown>;
  return typeof r.documentId === "string" && typeof r.threadId === "string";
}

/** Announces a change; a failed broadcast does not fail the write (readers refresh on their next open). */
export async function publishCommentsChange(ctx: AppContext, change: CommentsChange): Promise<void> {
  try {
    await ctx.realtime.publish({ channel: COMMENTS_CHANNEL, record: change });
  } catch (err) {
    console.error("realtime: could not broadcast a comments change", err);
  }
}
