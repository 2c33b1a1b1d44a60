// Applying a completed checkout: link the paying customer to a user (a guest gets a
// pending account keyed by the email they paid with), mark our session row complete and
// store the subscription. Used by the checkout.session.completed handler and by the
// return pages when they arrive before the webhook (same function, same ordering rules).
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/index.js";
import { checkoutSessions, users } from "../db/index.js";
import type { Config } from "../config.js";
import { planForPrice } from "./catalogue.js";
import { type CheckoutSessionView, isPaid, type SubscriptionView } from "./stripe-objects.js";
import { applySubscriptionState, rememberCustomer } from "./subscription-state.js";

async function findOrCreateGuestUser(tx: Tx, email: string, name: string | null): Promise<string> {
  await tx
    .insert(users)
    .values({ email, fullName: name ?? "" })
    .onConflictDoNothing();
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
  if (!row) throw new Error("Guest user could not be created");
  return row.id;
}

export async function applyCompletedCheckout(
  tx: Tx,
  config: Config,
  provider: "builtin" | "stripe",
  session: CheckoutSessionView,
  subscription: SubscriptionView | null,
  stateAt: Date,
  now: Date,
): Promise<{ userId: string | null }> {
  if (session.mode && session.mode !== "subscription") return { userId: null };
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id)).for("update");
  const email = session.email ?? row?.email ?? null;
  let userId: string | null = row?.userId ?? session.clientReferenceId ?? session.metadata.userId ?? null;
  if (userId) {
    const [exists] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!exists) userId = null; // account deleted since; fall back to the email
  }
  if (!userId && email) userId = await findOrCreateGuestUser(tx, email, session.name);

  const paid = isPaid(session);
  if (row) {
    await tx
      .update(checkoutSessions)
      .set({
        status: paid ? "complete" : row.status,
        completedAt: paid ? (row.completedAt ?? now) : row.completedAt,
        userId: row.userId ?? userId,
        email,
        customerId: session.customerId ?? row.customerId,
        subscriptionId: session.subscriptionId ?? row.subscriptionId,
      })
      .where(eq(checkoutSessions.id, session.id));
  }
  if (!userId) return { userId: null };
  if (session.customerId) await rememberCustomer(tx, userId, provider, session.customerId);
  // An unpaid (asynchronous) payment waits for invoice.paid / subscription events.
  if (paid && subscription) {
    const plan = planForPrice(config, subscription.priceId) ?? row?.plan ?? subscription.metadata.plan ?? null;
    if (plan) {
      await applySubscriptionState(tx, {
        userId,
        provider,
        customerId: subscription.customerId ?? session.customerId,
        subscriptionId: subscription.id,
        plan,
        priceId: subscription.priceId,
        status: subscription.status,
        currentPeriodEnd: subscription.currentPeriodEnd,
        currentPeriodStart: subscription.currentPeriodStart,
        cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
        stateAt,
      });
    }
  }
  return { userId };
}
