// The built-in billing portal: cancel at period end, resume, switch plan (or billing
// interval). Cancel and resume are customer.subscription.updated events through the same
// processor as a Stripe webhook; a switch is a plan change (./plan-change.ts): prorated at
// once for an upgrade, at the end of the period for a downgrade.
import type { PortalActionRequest, SubscriptionStatusResponse } from "../../shared/contracts/billing.js";
import type { AppContext } from "../context.js";
import { conflict } from "../http/index.js";
import { intervalForPrice } from "./catalogue.js";
import type { EventProcessor } from "./events.js";
import { getUserPlan } from "./plan-lookup.js";
import type { PlanChanges } from "./plan-change.js";
import { findSubscriptionRow, presentSubscription, setScheduledChange } from "./subscription-state.js";
import { builtinEvent, builtinSubscriptionObject } from "./test-checkout.js";

export function createBuiltinPortal(ctx: AppContext, events: EventProcessor, changes: PlanChanges) {
  return {
    async act(userId: string, req: PortalActionRequest): Promise<SubscriptionStatusResponse> {
      await changes.applyDue(userId);
      const now = ctx.now();
      const row = await findSubscriptionRow(ctx.db, userId);
      const current = await getUserPlan(ctx.db, userId, now);
      if (!row?.subscriptionId || row.provider !== "builtin" || !current.isActive || !row.currentPeriodEnd) {
        throw conflict("You have no active subscription to manage.");
      }
      if (req.action === "switch") {
        return changes.change(userId, { plan: req.plan, interval: req.interval ?? intervalForPrice(ctx.config, row.priceId) });
      }
      let cancelAtPeriodEnd = row.cancelAtPeriodEnd;
      if (req.action === "cancel") {
        if (cancelAtPeriodEnd) throw conflict("Your subscription is already set to end at the end of the period.");
        cancelAtPeriodEnd = true;
      } else {
        if (!cancelAtPeriodEnd) throw conflict("Your subscription is not set to end.");
        cancelAtPeriodEnd = false;
      }
      const subscription = builtinSubscriptionObject({
        id: row.subscriptionId,
        customerId: row.customerId ?? "",
        priceId: row.priceId ?? "",
        plan: row.plan,
        userId,
        status: row.status,
        periodStart: row.currentPeriodStart ?? now,
        periodEnd: row.currentPeriodEnd,
        cancelAtPeriodEnd,
      });
      await events.process(builtinEvent("customer.subscription.updated", subscription, now));
      // Ending the subscription ends a plan change scheduled for the same moment.
      if (req.action === "cancel" && row.scheduledAt) await setScheduledChange(ctx.db, userId, null);
      return presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()), ctx.config);
    },
  };
}
