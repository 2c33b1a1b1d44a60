// Ends a user's paid subscription with the payment provider, for account deletion: a
// deleted account must never be charged again.
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { subscriptions } from "../db/index.js";
import type { PaymentProvider } from "./providers/index.js";

const LIVE_STATUSES = new Set(["active", "trialing", "past_due", "unpaid", "incomplete"]);

export function createSubscriptionCanceller(provider: PaymentProvider) {
  return async (ctx: AppContext, userId: string): Promise<void> => {
    const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (!row?.subscriptionId || !LIVE_STATUSES.has(row.status)) return;
    await provider.cancelSubscription(row.subscriptionId);
  };
}
