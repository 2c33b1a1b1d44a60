// The built-in test checkout (default without STRIPE_SECRET_KEY). Paying builds the same
// Stripe-shaped events a real checkout produces and runs them through the same event
// processor as a verified webhook; no card is charged.
import { and, eq } from "drizzle-orm";
import type { TestCheckoutDetails, TestCheckoutPayResponse } from "../../shared/contracts/billing.js";
import { PLANS, isPlanId, planPrice } from "../../shared/plans.js";
import type { AppContext } from "../context.js";
import { checkoutSessions } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import { intervalForPrice } from "./catalogue.js";
import type { EventProcessor } from "./events.js";
import { addInterval, recordCheckoutInvoice } from "./invoices.js";
import type { BillingEvent } from "./providers/index.js";
import { randomId } from "./providers/builtin.js";

/** An unpaid test checkout link stops working after a day, like a hosted checkout session. */
const TEST_CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

/** Event time in (fractional) seconds: built-in changes keep millisecond order. */
const eventTime = (d: Date) => d.getTime() / 1000;
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

export function addOneMonth(d: Date): Date {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 Jan + 1 month overflows into March: clamp to the month's last day instead.
  if (next.getUTCDate() !== d.getUTCDate()) next.setUTCDate(0);
  return next;
}

export function builtinEvent(type: string, object: unknown, at: Date): BillingEvent {
  return { id: randomId("evt_local"), type, created: eventTime(at), data: { object } };
}

export function builtinSubscriptionObject(s: {
  id: string;
  customerId: string;
  priceId: string;
  plan: string;
  userId: string | null;
  status: string;
  periodStart: Date;
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}) {
  return {
    id: s.id,
    object: "subscription",
    customer: s.customerId,
    status: s.status,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    cancel_at: s.cancelAtPeriodEnd ? unix(s.periodEnd) : null,
    metadata: { plan: s.plan, ...(s.userId ? { userId: s.userId } : {}) },
    items: {
      object: "list",
      data: [
        {
          id: `si_${s.id.slice(4)}`,
          object: "subscription_item",
          price: { id: s.priceId, object: "price" },
          current_period_start: unix(s.periodStart),
          current_period_end: unix(s.periodEnd),
        },
      ],
    },
  };
}

export function createTestCheckout(ctx: AppContext, events: EventProcessor) {
  async function load(id: string) {
    const [row] = await ctx.db
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.provider, "builtin")));
    if (!row) throw notFound("Checkout session not found");
    return row;
  }
  const expired = (createdAt: Date) => ctx.now().getTime() - createdAt.getTime() > TEST_CHECKOUT_TTL_MS;
  // A signed-in buyer's session is theirs alone; a guest session is reachable by its secret id.
  const assertOwner = (rowUserId: string | null, callerId: string | null) => {
    if (rowUserId && rowUserId !== callerId) throw notFound("Checkout session not found");
  };

  return {
    async details(id: string, callerId: string | null): Promise<TestCheckoutDetails> {
      const row = await load(id);
      assertOwner(row.userId, callerId);
      const status = row.status === "complete" ? "complete" : row.status !== "open" || expired(row.createdAt) ? "expired" : "open";
      return {
        id: row.id,
        planName: row.plan,
        planLabel: isPlanId(row.plan) ? PLANS[row.plan].name : row.plan,
        price: isPlanId(row.plan) ? planPrice(row.plan, intervalForPrice(ctx.config, row.priceId)) : 0,
        interval: intervalForPrice(ctx.config, row.priceId),
        email: row.email,
        needsEmail: !row.userId,
        status,
        cancelUrl: `${ctx.config.publicUrl}/subscription-cancel`,
      };
    },

    async pay(id: string, callerId: string | null, guestEmail: string | undefined): Promise<TestCheckoutPayResponse> {
      const row = await load(id);
      assertOwner(row.userId, callerId);
      if (row.status === "complete") throw conflict("This checkout has already been paid.");
      if (row.status !== "open" || expired(row.createdAt)) throw conflict("This checkout session has expired.");
      const email = row.email ?? guestEmail?.trim().toLowerCase();
      if (!email) throw badRequest("Enter your email address to pay.", { field: "email" });
      // Claim the session so two clicks cannot pay twice.
      const claimed = await ctx.db
        .update(checkoutSessions)
        .set({ status: "paying" })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")))
        .returning({ id: checkoutSessions.id });
      if (claimed.length === 0) throw conflict("This checkout has already been paid.");

      try {
        const now = ctx.now();
        const customerId = row.customerId ?? randomId("cus_local");
        const interval = intervalForPrice(ctx.config, row.priceId);
        const subscription = builtinSubscriptionObject({
          id: randomId("sub_local"),
          customerId,
          priceId: row.priceId,
          plan: row.plan,
          userId: row.userId,
          status: "active",
          periodStart: now,
          periodEnd: addInterval(now, interval),
          cancelAtPeriodEnd: false,
        });
        const session = {
          id: row.id,
          object: "checkout.session",
          mode: "subscription",
          status: "complete",
          payment_status: "paid",
          customer: customerId,
          customer_details: { email },
          client_reference_id: row.userId,
          subscription,
          metadata: { plan: row.plan, ...(row.userId ? { userId: row.userId } : {}) },
        };
        await events.process(builtinEvent("checkout.session.completed", session, now));
        await events.process(builtinEvent("customer.subscription.created", subscription, now));
        await recordCheckoutInvoice(ctx.db, row.id, {
          subscriptionId: subscription.id,
          plan: row.plan,
          interval,
          periodStart: now,
          periodEnd: addInterval(now, interval),
          at: now,
        });
      } catch (err) {
        await ctx.db
          .update(checkoutSessions)
          .set({ status: "open" })
          .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "paying")));
        throw err;
      }
      const page = row.userId ? "/subscription-success" : "/checkout-success";
      return { redirectUrl: `${ctx.config.publicUrl}${page}?session_id=${encodeURIComponent(row.id)}` };
    },

    async cancel(id: string, callerId: string | null): Promise<{ redirectUrl: string }> {
      const row = await load(id);
      assertOwner(row.userId, callerId);
      await ctx.db
        .update(checkoutSessions)
        .set({ status: "expired" })
        .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
      return { redirectUrl: `${ctx.config.publicUrl}/subscription-cancel` };
    },
  };
}
