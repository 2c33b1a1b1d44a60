// The one writer of the subscriptions table. Every change — a verified Stripe webhook, the
// built-in checkout's payment, a built-in portal action — lands here, and each write carries
// the timestamp of the provider state it reflects (state_at): a write older than what is
// stored is dropped, so a late or replayed event can never roll a newer state back.
import { and, eq, sql } from "drizzle-orm";
import type { SubscriptionStatusResponse } from "../../shared/contracts/billing.js";
import type { Config } from "../config.js";
import type { DbOrTx } from "../db/index.js";
import { subscriptions } from "../db/index.js";
import { PLANS, planPrice } from "../../shared/plans.js";
import { intervalForPrice, priceInfo } from "./catalogue.js";
import type { UserPlan } from "./plan-lookup.js";

export interface SubscriptionState {
  userId: string;
  provider: "builtin" | "stripe";
  customerId: string | null;
  subscriptionId: string;
  plan: string;
  priceId: string | null;
  status: string;
  currentPeriodEnd: Date | null;
  /** Start of the paid period, when the provider says (proration needs the period's length). */
  currentPeriodStart?: Date | null;
  cancelAtPeriodEnd: boolean;
  stateAt: Date;
}

const ACTIVE = sql`('active', 'trialing')`;

/**
 * Upserts the user's subscription unless the stored state is newer. Also refuses to let a
 * different, no-longer-active subscription overwrite an active one (an old subscription's
 * late "deleted" must not end the user's new subscription). Returns true when written.
 */
export async function applySubscriptionState(db: DbOrTx, s: SubscriptionState): Promise<boolean> {
  const values = {
    userId: s.userId,
    provider: s.provider,
    customerId: s.customerId,
    subscriptionId: s.subscriptionId,
    plan: s.plan,
    priceId: s.priceId,
    status: s.status,
    currentPeriodEnd: s.currentPeriodEnd,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    stateAt: s.stateAt,
    updatedAt: sql`now()`,
    ...(s.currentPeriodStart !== undefined ? { currentPeriodStart: s.currentPeriodStart } : {}),
  };
  // A scheduled change is done once the subscription is on its price (Stripe's schedule moved
  // it, or the built-in change was applied); a different subscription drops it too.
  const scheduleDone = sql`(excluded.price_id = ${subscriptions.scheduledPriceId} OR excluded.subscription_id IS DISTINCT FROM ${subscriptions.subscriptionId})`;
  const keepUnlessDone = (col: typeof subscriptions.scheduledPlan | typeof subscriptions.scheduledPriceId | typeof subscriptions.scheduleId) =>
    sql`CASE WHEN ${scheduleDone} THEN NULL ELSE ${col} END`;
  const written = await db
    .insert(subscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: {
        ...values,
        customerId: sql`coalesce(excluded.customer_id, ${subscriptions.customerId})`,
        scheduledPlan: keepUnlessDone(subscriptions.scheduledPlan),
        scheduledPriceId: keepUnlessDone(subscriptions.scheduledPriceId),
        scheduleId: keepUnlessDone(subscriptions.scheduleId),
        scheduledAt: sql`CASE WHEN ${scheduleDone} THEN NULL ELSE ${subscriptions.scheduledAt} END`,
      },
      setWhere: sql`${subscriptions.stateAt} <= excluded.state_at
        AND (${subscriptions.subscriptionId} IS NULL
          OR ${subscriptions.subscriptionId} = excluded.subscription_id
          OR excluded.status IN ${ACTIVE}
          OR ${subscriptions.status} NOT IN ${ACTIVE})`,
    })
    .returning({ userId: subscriptions.userId });
  return written.length > 0;
}

/** Partial update of one provider subscription (invoice events), with the same ordering rule. */
export async function patchSubscription(
  db: DbOrTx,
  subscriptionId: string,
  stateAt: Date,
  patch: { status: string; currentPeriodEnd?: Date | null },
): Promise<boolean> {
  const set: Record<string, unknown> = { status: patch.status, stateAt, updatedAt: sql`now()` };
  if (patch.currentPeriodEnd) {
    set.currentPeriodEnd = sql`greatest(${subscriptions.currentPeriodEnd}, ${patch.currentPeriodEnd.toISOString()}::timestamptz)`;
  }
  const rows = await db
    .update(subscriptions)
    .set(set)
    .where(and(eq(subscriptions.subscriptionId, subscriptionId), sql`${subscriptions.stateAt} <= ${stateAt.toISOString()}::timestamptz`))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

/** Remembers a provider customer for a user who has no subscription row yet (stored on subscriptions.customer_id). */
export async function rememberCustomer(db: DbOrTx, userId: string, provider: string, customerId: string): Promise<void> {
  await db
    .insert(subscriptions)
    .values({ userId, provider, customerId, stateAt: new Date(0) })
    .onConflictDoUpdate({
      target: subscriptions.userId,
      set: { customerId, provider },
      setWhere: sql`${subscriptions.customerId} IS NULL`,
    });
}

/** Records (or, with null, drops) the change a subscription makes when its paid period ends. */
export async function setScheduledChange(
  db: DbOrTx,
  userId: string,
  change: { plan: string; priceId: string; at: Date; scheduleId: string | null } | null,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      scheduledPlan: change?.plan ?? null,
      scheduledPriceId: change?.priceId ?? null,
      scheduledAt: change?.at ?? null,
      scheduleId: change?.scheduleId ?? null,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.userId, userId));
}

/** Drops the scheduled change a Stripe subscription schedule carried (it was released or cancelled). */
export async function dropScheduleById(db: DbOrTx, scheduleId: string): Promise<boolean> {
  const rows = await db
    .update(subscriptions)
    .set({ scheduledPlan: null, scheduledPriceId: null, scheduledAt: null, scheduleId: null, updatedAt: sql`now()` })
    .where(eq(subscriptions.scheduleId, scheduleId))
    .returning({ userId: subscriptions.userId });
  return rows.length > 0;
}

export async function findSubscriptionRow(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row ?? null;
}

/** The user owning a provider subscription or customer, if we know them. */
export async function findUserIdForProviderIds(
  db: DbOrTx,
  ids: { subscriptionId?: string | null; customerId?: string | null },
): Promise<string | null> {
  if (ids.subscriptionId) {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.subscriptionId, ids.subscriptionId));
    if (row) return row.userId;
  }
  if (ids.customerId) {
    const [row] = await db
      .select({ userId: subscriptions.userId })
      .from(subscriptions)
      .where(eq(subscriptions.customerId, ids.customerId));
    if (row) return row.userId;
  }
  return null;
}

/** The spec's subscription entity, with the billing interval read from the stored price id. */
export function presentSubscription(p: UserPlan, config: Config): SubscriptionStatusResponse {
  const scheduled = p.isActive ? priceInfo(config, p.scheduledPriceId) : null;
  return {
    isActive: p.isActive,
    planName: p.plan,
    status: p.status,
    currentPeriodEnd: p.currentPeriodEnd ? p.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: p.cancelAtPeriodEnd,
    interval: p.isActive ? intervalForPrice(config, p.priceId) : null,
    scheduledChange:
      scheduled && p.scheduledAt
        ? {
            plan: scheduled.plan,
            planName: PLANS[scheduled.plan].name,
            interval: scheduled.interval,
            effectiveAt: p.scheduledAt.toISOString(),
            amount: planPrice(scheduled.plan, scheduled.interval),
          }
        : null,
  };
}
