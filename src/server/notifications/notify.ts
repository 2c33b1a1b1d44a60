// After a comment is written: its notifications are recorded, each person told hears on their
// inbox channel that it changed (their open dashboards update the bell at once), and each
// person with an email waiting gets it after the answer has gone (mail-batch.ts decides
// whether their window is open; if not, the upkeep sends it later). The comment is already saved, so a failure here
// is logged and never turns the write into an error.
import type { ThreadView } from "../../shared/contracts/comments.js";
import type { AppContext } from "../context.js";
import { afterResponseQueue } from "../mail/index.js";
import { publishInboxChange } from "../realtime/index.js";
import { sendWaitingEmail } from "./mail-batch.js";
import { recordNotifications } from "./store.js";

export async function notifyComment(
  ctx: AppContext,
  actorId: string,
  documentId: string,
  thread: ThreadView,
  mentioned: string[],
  isReply: boolean,
): Promise<void> {
  // The comment just written is the caller's newest in the thread.
  const comment = [...thread.comments].reverse().find((c) => c.author_id === actorId && !c.deleted);
  if (!comment?.body) return;
  try {
    const { told, waiting } = await recordNotifications(ctx, {
      documentId,
      threadId: thread.id,
      commentId: comment.id,
      actorId,
      actorName: comment.author_name,
      body: comment.body,
      mentioned,
      isReply,
    });
    await publishInboxChange(ctx, told);
    const queue = afterResponseQueue(ctx);
    for (const userId of waiting) queue.run("notification email", async () => void (await sendWaitingEmail(ctx, userId)));
  } catch (err) {
    console.error("notifications: could not record the notifications of a comment", err);
  }
}
