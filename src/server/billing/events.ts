// One handler per billing event. Verified Stripe webhooks and the built-in checkout/portal
// both come through processBillingEvent. The event id is recorded in stripe_events in the
// same transaction as the change it causes, so a redelivered event does nothing and a
// failed one (rolled back, id not recorded) is applied when the provider retries.
import { eq } from "drizzle-orm";
import { describeInputProblem, findInputProblem } from "../../shared/contracts/text.js";
import type { AppContext } from "../context.js";
import type { Tx } from "../db/index.js";
import { stripeEvents } from "../db/index.js";
import { badRequest } from "../http/index.js";
import { planForPrice } from "./catalogue.js";
import { applyCompletedCheckout } from "./checkout-completion.js";
import type { BillingEvent, PaymentProvider } from "./providers/index.js";
import { readCheckoutSession, readInvoice, readSubscription, type SubscriptionView } from "./stripe-objects.js";
import { applySubscriptionState, dropScheduleById, findUserIdForProviderIds, patchSubscription } from "./subscription-state.js";

export type EventOutcome = "processed" | "duplicate" | "ignored";

const HANDLED_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.paid",
  "invoice.payment_failed",
  "subscription_schedule.released",
  "subscription_schedule.canceled",
] as const;

/**
 * Checks the envelope of a verified webhook event before anything uses it. A valid
 * signature proves who sent the bytes, not that they are an event: an array, a missing
 * `data` or `id`, a `created` that is not a number, or text the database cannot store
 * (src/shared/contracts/text.ts) is a 400, and nothing is recorded.
 */
export function checkEventEnvelope(value: unknown): BillingEvent {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw badRequest("event must be a JSON object");
  const ev = value as Record<string, unknown>;
  if (typeof ev.id !== "string" || ev.id.length === 0 || ev.id.length > 255) throw badRequest("event.id must be a non-empty string");
  if (typeof ev.type !== "string" || ev.type.length === 0 || ev.type.length > 255) throw badRequest("event.type must be a non-empty string");
  // The upper bound is the last second a JavaScript Date can hold.
  if (typeof ev.created !== "number" || !Number.isFinite(ev.created) || ev.created < 0 || ev.created > 8_640_000_000_000) {
    throw badRequest("event.created must be a Unix time in seconds");
  }
  const data = ev.data as Record<string, unknown> | null | undefined;
  if (typeof data !== "object" || data === null || Array.isArray(data) || typeof data.object !== "object" || data.object === null) {
    throw badRequest("event.data.object must be an object");
  }
  const problem = findInputProblem(ev);
  if (problem) throw badRequest(describeInputProblem(problem, "event"));
  return ev as unknown as BillingEvent;
}

type Handler = (tx: Tx, ev: BillingEvent, stateAt: Date, prepared: Prepared) => Promise<boolean>;
interface Prepared {
  /** A subscription fetched from the provider before the transaction (never call out inside it). */
  subscription: SubscriptionView | null;
  fetchedAt: Date | null;
}

export function createEventProcessor(ctx: AppContext, provider: PaymentProvider) {
  const kind = provider.kind;

  const subscriptionChanged: Handler = async (tx, ev, stateAt) => {
    const sub = readSubscription(ev.data.object);
    if (!sub) return false;
    const userId =
      (await findUserIdForProviderIds(tx, { subscriptionId: sub.id, customerId: sub.customerId })) ??
      sub.metadata.userId ??
      null;
    const plan = planForPrice(ctx.config, sub.priceId) ?? sub.metadata.plan ?? null;
    if (!userId || !plan) return false; // a guest's subscription is linked when its checkout completes
    return applySubscriptionState(tx, {
      userId,
      provider: kind,
      customerId: sub.customerId,
      subscriptionId: sub.id,
      plan,
      priceId: sub.priceId,
      status: ev.type === "customer.subscription.deleted" ? "canceled" : sub.status,
      currentPeriodEnd: sub.currentPeriodEnd,
      currentPeriodStart: sub.currentPeriodStart,
      cancelAtPeriodEnd: ev.type === "customer.subscription.deleted" ? false : sub.cancelAtPeriodEnd,
      stateAt,
    });
  };

  // A schedule released or cancelled (here or in Stripe's dashboard) carries no change any more.
  const scheduleEnded: Handler = async (tx, ev) => {
    const obj = ev.data.object as { id?: unknown };
    return typeof obj.id === "string" ? dropScheduleById(tx, obj.id) : false;
  };

  const handlers: Record<(typeof HANDLED_EVENTS)[number], Handler> = {
    "checkout.session.completed": async (tx, ev, stateAt, prepared) => {
      const session = readCheckoutSession(ev.data.object);
      if (!session) return false;
      const sub = session.subscription ?? prepared.subscription;
      // A subscription read from the provider now is as new as the moment we read it.
      const at = !session.subscription && prepared.fetchedAt ? prepared.fetchedAt : stateAt;
      await applyCompletedCheckout(tx, ctx.config, kind, session, sub, at, ctx.now());
      return true;
    },
    "customer.subscription.created": subscriptionChanged,
    "customer.subscription.updated": subscriptionChanged,
    "customer.subscription.deleted": subscriptionChanged,
    "invoice.paid": async (tx, ev, stateAt) => {
      const inv = readInvoice(ev.data.object);
      if (!inv?.subscriptionId) return false;
      return patchSubscription(tx, inv.subscriptionId, stateAt, { status: "active", currentPeriodEnd: inv.periodEnd });
    },
    "invoice.payment_failed": async (tx, ev, stateAt) => {
      const inv = readInvoice(ev.data.object);
      if (!inv?.subscriptionId) return false;
      return patchSubscription(tx, inv.subscriptionId, stateAt, { status: "past_due" });
    },
    "subscription_schedule.released": scheduleEnded,
    "subscription_schedule.canceled": scheduleEnded,
  };

  async function prepare(ev: BillingEvent): Promise<Prepared> {
    if (ev.type !== "checkout.session.completed") return { subscription: null, fetchedAt: null };
    const session = readCheckoutSession(ev.data.object);
    if (!session?.subscriptionId || session.subscription) return { subscription: null, fetchedAt: null };
    const fetchedAt = ctx.now();
    return { subscription: readSubscription(await provider.retrieveSubscription(session.subscriptionId)), fetchedAt };
  }

  async function isRecorded(id: string): Promise<boolean> {
    const [row] = await ctx.db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, id));
    return !!row;
  }

  return {
    async process(ev: BillingEvent): Promise<EventOutcome> {
      if (await isRecorded(ev.id)) return "duplicate";
      const handler = (handlers as Record<string, Handler | undefined>)[ev.type];
      const prepared = handler ? await prepare(ev) : { subscription: null, fetchedAt: null };
      const stateAt = new Date(ev.created * 1000);
      return ctx.db.transaction(async (tx) => {
        const inserted = await tx
          .insert(stripeEvents)
          .values({ id: ev.id, type: ev.type, processedAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ id: stripeEvents.id });
        if (inserted.length === 0) return "duplicate"; // a concurrent delivery won
        if (!handler) return "ignored";
        return (await handler(tx, ev, stateAt, prepared)) ? "processed" : "ignored";
      });
    },
  };
}

export type EventProcessor = ReturnType<typeof createEventProcessor>;
