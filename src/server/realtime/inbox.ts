// "This person's inbox changed": published when a notification is written for them or some of
// theirs are marked read, on a channel of their own (inbox:<user id>). Their signed-in
// /realtime sockets follow it from the moment they authenticate, on every instance
// (connection.ts), and pass it on as an INBOX message; the bell then reads the unread count
// again through the API, under the person's own access. No client message can name this
// channel (a subscribe takes document channels only), so nobody follows another's inbox, and
// the event carries nothing of the notification (no text, no document, no count): a
// misdelivered one would tell nothing.
import type { AppContext } from "../context.js";

export const inboxChannel = (userId: string) => `inbox:${userId}`;

/** Announces a change of each person's inbox; a failed broadcast never fails the write (the bell also polls). */
export async function publishInboxChange(ctx: AppContext, userIds: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(userIds)].map(async (userId) => {
      try {
        await ctx.realtime.publish({ channel: inboxChannel(userId), record: {} });
      } catch (err) {
        console.error("realtime: could not broadcast an inbox change", err);
      }
    }),
  );
}
