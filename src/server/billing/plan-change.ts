// Changing plans on an active subscription (issue 31). A higher plan, or monthly → annual
// billing, starts at once and is prorated (./proration.ts); a lower plan, or annual →
// monthly, starts when the paid period ends and can be cancelled until then. The preview
// and the change run the same pricing: the built-in checkout's own quote, or Stripe's
// (invoices.createPreview, then subscriptions.update with the same proration_date).
import { and, eq } from "drizzle-orm";
import type {
  PlanChangeLine,
  PlanChangePreview,
  PlanChangeRequest,
  SubscriptionStatusResponse,
} from "../../shared/contracts/billing.js";
import { PLANS } from "../../shared/plans.js";
import type { AppContext } from "../context.js";
import { subscriptions } from "../db/index.js";
import { badRequest, conflict } from "../http/index.js";
import { intervalForPrice, type PaidPlanId, priceIdFor, priceInfo } from "./catalogue.js";
import type { EventProcessor } from "./events.js";
import { addInterval, recordInvoice } from "./invoices.js";
import { getUserPlan } from "./plan-lookup.js";
import { type PlanAndInterval, type PlanChangeQuote, longDate, periodStartBefore, quoteChange } from "./proration.js";
import type { PaymentProvider } from "./providers/index.js";
import { readSubscription } from "./stripe-objects.js";
import { applySubscriptionState, findSubscriptionRow, presentSubscription, setScheduledChange } from "./subscription-state.js";
import { builtinEvent, builtinSubscriptionObject } from "./test-checkout.js";

/** A preview's moment stays good for this long: confirming charges what the dialog said. */
const PRORATION_DATE_MAX_AGE_MS = 30 * 60_000;

const unix = (d: Date) => Math.floor(d.getTime() / 1000);
const dollars = (cents: number) => Math.round(cents) / 100;

type Row = NonNullable<Awaited<ReturnType<typeof findSubscriptionRow>>>;

export function createPlanChanges(ctx: AppContext, provider: PaymentProvider, events: EventProcessor) {
  const config = ctx.config;

  /**
   * The built-in checkout has no renewals of its own: a change scheduled for the end of the
   * period is applied when the period has ended, the next time anything asks. The new period
   * starts at the old one's end and is invoiced at the new plan's full price. Claiming the
   * change (clearing it where it is still the same) makes two racing callers apply it once.
   */
  async function applyDue(userId: string): Promise<void> {
    if (provider.kind !== "builtin") return;
    const now = ctx.now();
    const row = await findSubscriptionRow(ctx.db, userId);
    if (!row?.subscriptionId || row.provider !== "builtin" || !row.scheduledAt || !row.scheduledPriceId) return;
    if (row.scheduledAt.getTime() > now.getTime() || row.status !== "active" || row.cancelAtPeriodEnd) return;
    const info = priceInfo(config, row.scheduledPriceId);
    const claimed = await ctx.db
      .update(subscriptions)
      .set({ scheduledPlan: null, scheduledPriceId: null, scheduledAt: null, scheduleId: null })
      .where(
        and(
          eq(subscriptions.userId, userId),
          eq(subscriptions.scheduledPriceId, row.scheduledPriceId),
          eq(subscriptions.scheduledAt, row.scheduledAt),
        ),
      )
      .returning({ userId: subscriptions.userId });
    if (claimed.length === 0 || !info) return;
    const start = row.scheduledAt;
    const end = addInterval(start, info.interval);
    const subscription = builtinSubscriptionObject({
      id: row.subscriptionId,
      customerId: row.customerId ?? "",
      priceId: row.scheduledPriceId,
      plan: info.plan,
      userId,
      status: "active",
      periodStart: start,
      periodEnd: end,
      cancelAtPeriodEnd: false,
    });
    await events.process(builtinEvent("customer.subscription.updated", subscription, now));
    await recordInvoice(ctx.db, {
      userId,
      subscriptionId: row.subscriptionId,
      plan: info.plan,
      interval: info.interval,
      periodStart: start,
      periodEnd: end,
      at: start,
    });
  }

  async function load(userId: string) {
    await applyDue(userId);
    const now = ctx.now();
    const row = await findSubscriptionRow(ctx.db, userId);
    const current = await getUserPlan(ctx.db, userId, now);
    if (!row?.subscriptionId || row.provider !== provider.kind || !current.isActive || !row.currentPeriodEnd || current.plan === "gratis") {
      throw conflict("You have no active subscription to change.");
    }
    if (row.cancelAtPeriodEnd) {
      throw conflict(`Your plan ends on ${longDate(row.currentPeriodEnd)}. Resume your subscription to change plans.`);
    }
    const from: PlanAndInterval = { plan: current.plan, interval: intervalForPrice(config, row.priceId) };
    return { row: row as Row & { subscriptionId: string; currentPeriodEnd: Date }, from };
  }

  function target(req: PlanChangeRequest, from: PlanAndInterval): PlanAndInterval & { priceId: string } {
    if (req.plan === from.plan && req.interval === from.interval) throw conflict("You are already on this plan.");
    const priceId = priceIdFor(config, req.plan as PaidPlanId, req.interval);
    if (!priceId) throw badRequest("Annual billing is not available.", { field: "interval" });
    return { plan: req.plan, interval: req.interval, priceId };
  }

  /** The preview's moment when it is recent and inside the paid period, else now. */
  function pricedAt(req: PlanChangeRequest, periodStart: Date): Date {
    // Whole seconds, like the proration date sent back and the periods stored.
    const now = new Date(unix(ctx.now()) * 1000);
    if (!req.prorationDate) return now;
    const at = new Date(req.prorationDate * 1000);
    const age = now.getTime() - at.getTime();
    if (age < 0 || age > PRORATION_DATE_MAX_AGE_MS || at.getTime() < periodStart.getTime()) return now;
    return at;
  }

  function quoteFor(row: Row & { currentPeriodEnd: Date }, from: PlanAndInterval, to: PlanAndInterval, req: PlanChangeRequest) {
    const periodStart = row.currentPeriodStart ?? periodStartBefore(row.currentPeriodEnd, from.interval);
    const at = pricedAt(req, periodStart);
    return { at, quote: quoteChange({ from, to, periodStart, periodEnd: row.currentPeriodEnd, at }) };
  }

  /** Stripe's preview invoice as the dialog shows it (amount due now, its lines, the credit). */
  function fromStripeInvoice(raw: unknown): { amountDueCents: number; creditCents: number; lines: PlanChangeLine[]; currency: string } {
    const inv = (raw ?? {}) as { amount_due?: unknown; currency?: unknown; lines?: { data?: { description?: unknown; amount?: unknown }[] } };
    const lines = (inv.lines?.data ?? []).map((l) => ({
      description: typeof l.description === "string" ? l.description : "",
      amountCents: typeof l.amount === "number" ? l.amount : 0,
    }));
    return {
      amountDueCents: typeof inv.amount_due === "number" ? inv.amount_due : 0,
      creditCents: -lines.filter((l) => l.amountCents < 0).reduce((sum, l) => sum + l.amountCents, 0),
      lines: lines.map((l) => ({ description: l.description, amount: dollars(l.amountCents) })),
      currency: typeof inv.currency === "string" ? inv.currency : "usd",
    };
  }

  async function stripeSubscription(row: Row & { subscriptionId: string }) {
    const sub = readSubscription(await provider.retrieveSubscription(row.subscriptionId));
    if (!sub?.itemId || !row.customerId) throw conflict("Your subscription could not be read from the payment provider. Please try again.");
    return sub;
  }

  function present(to: PlanAndInterval, quote: PlanChangeQuote, at: Date, priced?: ReturnType<typeof fromStripeInvoice>): PlanChangePreview {
    return {
      plan: to.plan,
      planName: PLANS[to.plan].name,
      interval: to.interval,
      timing: quote.timing,
      effectiveAt: quote.effectiveAt.toISOString(),
      amountDue: dollars(priced?.amountDueCents ?? quote.amountDueCents),
      credit: dollars(priced?.creditCents ?? quote.creditCents),
      lines: priced?.lines ?? quote.lines.map((l) => ({ description: l.description, amount: dollars(l.amountCents) })),
      nextChargeAt: quote.nextChargeAt.toISOString(),
      nextChargeAmount: dollars(quote.nextChargeCents),
      currency: priced?.currency ?? "usd",
      prorationDate: unix(at),
    };
  }

  const status = async (userId: string): Promise<SubscriptionStatusResponse> =>
    presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()), config);

  return {
    applyDue,

    async preview(userId: string, req: PlanChangeRequest): Promise<PlanChangePreview> {
      const { row, from } = await load(userId);
      const to = target(req, from);
      const { at, quote } = quoteFor(row, from, to, req);
      if (provider.kind !== "stripe" || quote.timing !== "now") return present(to, quote, at);
      const sub = await stripeSubscription(row);
      const invoice = await provider.previewPlanChange({
        customerId: row.customerId!,
        subscriptionId: row.subscriptionId,
        itemId: sub.itemId!,
        priceId: to.priceId,
        prorationDate: unix(at),
      });
      return present(to, quote, at, fromStripeInvoice(invoice));
    },

    async change(userId: string, req: PlanChangeRequest): Promise<SubscriptionStatusResponse> {
      const { row, from } = await load(userId);
      const to = target(req, from);
      const { at, quote } = quoteFor(row, from, to, req);
      const now = ctx.now();

      if (provider.kind === "stripe") {
        const sub = await stripeSubscription(row);
        const scheduleId = row.scheduleId ?? sub.scheduleId;
        if (quote.timing === "period_end") {
          const { scheduleId: id } = await provider.schedulePlanChange({
            subscriptionId: row.subscriptionId,
            scheduleId,
            currentPriceId: sub.priceId ?? row.priceId ?? "",
            priceId: to.priceId,
            interval: to.interval,
          });
          await setScheduledChange(ctx.db, userId, { plan: to.plan, priceId: to.priceId, at: row.currentPeriodEnd, scheduleId: id });
          return status(userId);
        }
        // A schedule would move the subscription back at the period's end: let it go first.
        if (scheduleId) await provider.releaseSchedule(scheduleId);
        const updated = readSubscription(
          await provider.changePlanNow({
            customerId: row.customerId!,
            subscriptionId: row.subscriptionId,
            itemId: sub.itemId!,
            priceId: to.priceId,
            prorationDate: unix(at),
          }),
        );
        if (updated) {
          await applySubscriptionState(ctx.db, {
            userId,
            provider: "stripe",
            customerId: updated.customerId ?? row.customerId,
            subscriptionId: updated.id,
            plan: to.plan,
            priceId: updated.priceId ?? to.priceId,
            status: updated.status,
            currentPeriodEnd: updated.currentPeriodEnd,
            currentPeriodStart: updated.currentPeriodStart,
            cancelAtPeriodEnd: updated.cancelAtPeriodEnd,
            stateAt: now,
          });
        }
        await setScheduledChange(ctx.db, userId, null);
        return status(userId);
      }

      if (quote.timing === "period_end") {
        await setScheduledChange(ctx.db, userId, { plan: to.plan, priceId: to.priceId, at: row.currentPeriodEnd, scheduleId: null });
        return status(userId);
      }
      const subscription = builtinSubscriptionObject({
        id: row.subscriptionId,
        customerId: row.customerId ?? "",
        priceId: to.priceId,
        plan: to.plan,
        userId,
        status: row.status,
        periodStart: quote.newPeriodStart,
        periodEnd: quote.newPeriodEnd,
        cancelAtPeriodEnd: false,
      });
      await events.process(builtinEvent("customer.subscription.updated", subscription, now));
      await setScheduledChange(ctx.db, userId, null);
      await recordInvoice(ctx.db, {
        userId,
        subscriptionId: row.subscriptionId,
        plan: to.plan,
        interval: to.interval,
        periodStart: at,
        periodEnd: quote.newPeriodEnd,
        at: now,
        amountCents: quote.amountDueCents,
        lines: quote.lines,
      });
      return status(userId);
    },

    /** Keeps the current plan: the change scheduled for the end of the period is dropped. */
    async cancelScheduled(userId: string): Promise<SubscriptionStatusResponse> {
      await applyDue(userId);
      const row = await findSubscriptionRow(ctx.db, userId);
      if (!row?.scheduledAt || row.provider !== provider.kind) throw conflict("No plan change is scheduled.");
      if (provider.kind === "stripe" && row.scheduleId) await provider.releaseSchedule(row.scheduleId);
      await setScheduledChange(ctx.db, userId, null);
      return status(userId);
    },
  };
}

export type PlanChanges = ReturnType<typeof createPlanChanges>;
