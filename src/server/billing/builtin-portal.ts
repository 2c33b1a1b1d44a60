// The built-in billing portal: cancel at period end, resume, switch plan (or billing
// interval). Each action is a customer.subscription.updated event through the same
// processor as a Stripe webhook. A switch starts a new paid period at the new price and is
// invoiced (./invoices.ts), like a Stripe plan change that resets the billing cycle.
import type { PortalActionRequest, SubscriptionStatusResponse } from "../../shared/contracts/billing.js";
import type { AppContext } from "../context.js";
import { badRequest, conflict } from "../http/index.js";
import { intervalForPrice, priceIdFor } from "./catalogue.js";
import type { EventProcessor } from "./events.js";
import { addInterval, recordInvoice } from "./invoices.js";
import { getUserPlan } from "./plan-lookup.js";
import { findSubscriptionRow, presentSubscription } from "./subscription-state.js";
import { builtinEvent, builtinSubscriptionObject } from "./test-checkout.js";

export function createBuiltinPortal(ctx: AppContext, events: EventProcessor) {
  return {
    async act(userId: string, req: PortalActionRequest): Promise<SubscriptionStatusResponse> {
      const now = ctx.now();
      const row = await findSubscriptionRow(ctx.db, userId);
      const current = await getUserPlan(ctx.db, userId, now);
      if (!row?.subscriptionId || row.provider !== "builtin" || !current.isActive || !row.currentPeriodEnd) {
        throw conflict("You have no active subscription to manage.");
      }
      const currentInterval = intervalForPrice(ctx.config, row.priceId);
      let plan = row.plan;
      let priceId = row.priceId ?? "";
      let cancelAtPeriodEnd = row.cancelAtPeriodEnd;
      let periodEnd = row.currentPeriodEnd;
      if (req.action === "cancel") {
        if (cancelAtPeriodEnd) throw conflict("Your subscription is already set to end at the end of the period.");
        cancelAtPeriodEnd = true;
      } else if (req.action === "resume") {
        if (!cancelAtPeriodEnd) throw conflict("Your subscription is not set to end.");
        cancelAtPeriodEnd = false;
      } else {
        const interval = req.interval ?? currentInterval;
        if (req.plan === row.plan && interval === currentInterval) throw conflict("You are already on this plan.");
        const next = priceIdFor(ctx.config, req.plan, interval);
        if (!next) throw badRequest("Annual billing is not available.", { field: "interval" });
        plan = req.plan;
        priceId = next;
        periodEnd = addInterval(now, interval);
      }
      const subscription = builtinSubscriptionObject({
        id: row.subscriptionId,
        customerId: row.customerId ?? "",
        priceId,
        plan,
        userId,
        status: row.status,
        periodStart: now,
        periodEnd,
        cancelAtPeriodEnd,
      });
      await events.process(builtinEvent("customer.subscription.updated", subscription, now));
      if (req.action === "switch") {
        await recordInvoice(ctx.db, {
          userId,
          subscriptionId: row.subscriptionId,
          plan,
          interval: intervalForPrice(ctx.config, priceId),
          periodStart: now,
          periodEnd,
          at: now,
        });
      }
      return presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()), ctx.config);
    },
  };
}
