// What a plan change costs, the way Stripe prices it (proration by the second). Used by
// the built-in checkout for both the preview and the change itself, so the dialog shows
// exactly what is charged. With Stripe, Stripe prices the change (invoices.createPreview
// and subscriptions.update with the same proration_date).
//
//   higher plan, same billing interval: the paid period (and renewal date) stays;
//     charge = round(new × r / p) − round(old × r / p)
//   monthly → annual (or a higher plan billed annually): a new annual period starts now;
//     charge = new − round(old × r / p)
//   lower plan, or annual → monthly: nothing is charged now; the new plan starts (and is
//     charged in full) when the paid period ends.
// r = seconds left in the paid period at the moment of the change, p = seconds in the period;
// amounts in cents.
import { type BillingInterval, PLAN_ORDER, PLANS, type PlanId, planPrice } from "../../shared/plans.js";
import { addInterval } from "./invoices.js";

export interface PlanAndInterval {
  plan: Exclude<PlanId, "gratis">;
  interval: BillingInterval;
}

export type ChangeTiming = "now" | "period_end";

/** Upgrades start at once; downgrades and annual → monthly wait for the end of the paid period. */
export function changeTiming(from: PlanAndInterval, to: PlanAndInterval): ChangeTiming {
  if (from.interval === "year" && to.interval === "month") return "period_end";
  if (PLAN_ORDER[to.plan] < PLAN_ORDER[from.plan]) return "period_end";
  return "now";
}

export interface QuoteLine {
  description: string;
  amountCents: number;
}

export interface PlanChangeQuote {
  timing: ChangeTiming;
  /** When the new plan starts. */
  effectiveAt: Date;
  amountDueCents: number;
  creditCents: number;
  lines: QuoteLine[];
  /** The paid period on the new plan right after the change. */
  newPeriodStart: Date;
  newPeriodEnd: Date;
  /** The next regular charge: its time and amount. */
  nextChargeAt: Date;
  nextChargeCents: number;
}

const cents = (plan: PlanAndInterval) => Math.round(planPrice(plan.plan, plan.interval) * 100);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const label = (p: PlanAndInterval) => `${PLANS[p.plan].name} (${p.interval === "year" ? "annual" : "monthly"})`;
export const longDate = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function quoteChange(input: {
  from: PlanAndInterval;
  to: PlanAndInterval;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): PlanChangeQuote {
  const { from, to, periodStart, periodEnd, at } = input;
  const timing = changeTiming(from, to);
  if (timing === "period_end") {
    const end = addInterval(periodEnd, to.interval);
    return {
      timing,
      effectiveAt: periodEnd,
      amountDueCents: 0,
      creditCents: 0,
      lines: [],
      newPeriodStart: periodEnd,
      newPeriodEnd: end,
      nextChargeAt: periodEnd,
      nextChargeCents: cents(to),
    };
  }
  const total = Math.max(1, seconds(periodEnd) - seconds(periodStart));
  const remaining = Math.min(total, Math.max(0, seconds(periodEnd) - seconds(at)));
  const creditCents = Math.round((cents(from) * remaining) / total);
  const sameInterval = from.interval === to.interval;
  const newPeriodEnd = sameInterval ? periodEnd : addInterval(at, to.interval);
  const chargeCents = sameInterval ? Math.round((cents(to) * remaining) / total) : cents(to);
  const lines: QuoteLine[] = [
    { description: `Unused time on ${label(from)} after ${longDate(at)}`, amountCents: -creditCents },
    sameInterval
      ? { description: `Remaining time on ${label(to)} after ${longDate(at)}`, amountCents: chargeCents }
      : { description: `${label(to)} from ${longDate(at)} to ${longDate(newPeriodEnd)}`, amountCents: chargeCents },
  ];
  return {
    timing,
    effectiveAt: at,
    amountDueCents: Math.max(0, chargeCents - creditCents),
    creditCents,
    lines,
    newPeriodStart: sameInterval ? periodStart : at,
    newPeriodEnd,
    nextChargeAt: newPeriodEnd,
    nextChargeCents: cents(to),
  };
}

/** The start of a period ending at `end` (for rows stored before the start was kept). */
export function periodStartBefore(end: Date, interval: BillingInterval): Date {
  const start = new Date(end);
  if (interval === "year") start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return start;
}
