// Deleting an account: the user confirms by typing their email; any subscription is ended
// first, then the user row goes, and every table holding their data cascades from it
// (documents and so their share links, sessions and tokens, settings, mail, AI usage).
// With the sessions gone, every access token of theirs stops working on the next request.
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { subscriptions, users } from "../db/index.js";
import { badRequest, notFound } from "../http/index.js";
import { publishRevocation } from "../realtime/index.js";

/** Something that ends the user's subscription with the payment provider before the row goes. */
export type SubscriptionCanceller = (ctx: AppContext, userId: string) => Promise<void>;

export async function deleteAccount(
  ctx: AppContext,
  user: { id: string; email: string },
  confirmEmail: string,
  cancelSubscription?: SubscriptionCanceller,
): Promise<void> {
  if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw badRequest("The email you typed does not match your account's email address");
  }
  // The provider call happens outside the transaction: it is remote and may be slow.
  if (cancelSubscription) await cancelSubscription(ctx, user.id);
  const now = ctx.now();
  const deleted = await ctx.db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now, stateAt: now, updatedAt: now })
      .where(eq(subscriptions.userId, user.id));
    return tx.delete(users).where(eq(users.id, user.id)).returning({ id: users.id });
  });
  if (deleted.length === 0) throw notFound("Account not found");
  // The sessions went with the user row; make sure no process still trusts their tokens.
  await ctx.sessionCache.evict({ userId: user.id });
  // …and that no open /realtime socket of theirs keeps receiving documents.
  await publishRevocation(ctx, { type: "user", userId: user.id });
}
