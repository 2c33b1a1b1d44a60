// The built-in billing portal: cancel at period end, resume, switch plan. Each action is
// a customer.subscription.updated event through the same processor as a Stripe webhook.
import type { PortalActionRequest, SubscriptionStatusResponse } from "../../shared/contracts/billing.js";
import type { AppContext } from "../context.js";
import { conflict } from "../http/errors.js";
import { monthlyPriceId } from "./catalogue.js";
import type { EventProcessor } from "./events.js";
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
      let plan = row.plan;
      let cancelAtPeriodEnd = row.cancelAtPeriodEnd;
      if (req.action === "cancel") {
        if (cancelAtPeriodEnd) throw conflict("Your subscription is already set to end at the end of the period.");
        cancelAtPeriodEnd = true;
      } else if (req.action === "resume") {
        if (!cancelAtPeriodEnd) throw conflict("Your subscription is not set to end.");
        cancelAtPeriodEnd = false;
      } else {
        if (req.plan === row.plan) throw conflict("You are already on this plan.");
        plan = req.plan;
      }
      const subscription = builtinSubscriptionObject({
        id: row.subscriptionId,
        customerId: row.customerId ?? "",
        priceId: req.action === "switch" ? monthlyPriceId(ctx.config, req.plan) : (row.priceId ?? ""),
        plan,
        userId,
        status: row.status,
        periodStart: now,
        periodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd,
      });
      await events.process(builtinEvent("customer.subscription.updated", subscription, now));
      return presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()));
    },
  };
}
