// Plan ↔ price mapping from configuration (STRIPE_PRICE_* env vars, with built-in defaults
// so the test checkout works on a fresh machine). Gratis has no price.
import type { PlansResponse } from "../../shared/contracts/billing.js";
import { type BillingInterval, PLAN_IDS, PLANS, type PlanId } from "../../shared/plans.js";
import type { Config } from "../config.js";

export type PaidPlanId = Exclude<PlanId, "gratis">;
const PAID_PLANS = ["creator", "professional"] as const;

/** Annual price ids of the built-in checkout when none are configured (it charges nothing real). */
const BUILTIN_ANNUAL: Record<PaidPlanId, string> = {
  creator: "price_creator_annual",
  professional: "price_professional_annual",
};

function monthlyPriceId(config: Config, plan: PaidPlanId): string {
  return plan === "creator" ? config.STRIPE_PRICE_CREATOR : config.STRIPE_PRICE_PROFESSIONAL;
}

/**
 * The annual price id, or null when annual billing cannot be bought: with Stripe only a
 * configured STRIPE_PRICE_*_ANNUAL sells a year; the built-in checkout always can.
 */
function annualPriceId(config: Config, plan: PaidPlanId): string | null {
  const configured = plan === "creator" ? config.STRIPE_PRICE_CREATOR_ANNUAL : config.STRIPE_PRICE_PROFESSIONAL_ANNUAL;
  return configured ?? (config.payments === "builtin" ? BUILTIN_ANNUAL[plan] : null);
}

export function priceIdFor(config: Config, plan: PaidPlanId, interval: BillingInterval): string | null {
  return interval === "year" ? annualPriceId(config, plan) : monthlyPriceId(config, plan);
}

/** The paid plan a price id buys, or null for a price we do not sell. */
export function planForPrice(config: Config, priceId: string | null | undefined): PaidPlanId | null {
  return priceInfo(config, priceId)?.plan ?? null;
}

/** Plan and billing interval of a price id we sell, or null. */
export function priceInfo(
  config: Config,
  priceId: string | null | undefined,
): { plan: PaidPlanId; interval: BillingInterval } | null {
  if (!priceId) return null;
  for (const plan of PAID_PLANS) {
    if (priceId === monthlyPriceId(config, plan)) return { plan, interval: "month" };
    if (priceId === annualPriceId(config, plan)) return { plan, interval: "year" };
  }
  return null;
}

/** Billing interval of a stored price id; monthly when the id is unknown (e.g. a retired price). */
export function intervalForPrice(config: Config, priceId: string | null | undefined): BillingInterval {
  return priceInfo(config, priceId)?.interval ?? "month";
}

export function plansResponse(config: Config): PlansResponse {
  const annual = PAID_PLANS.every((plan) => annualPriceId(config, plan) !== null);
  return {
    provider: config.payments,
    testMode: config.paymentsTestBanner,
    intervals: annual ? ["month", "year"] : ["month"],
    plans: PLAN_IDS.map((id) => {
      const p = PLANS[id];
      return {
        id,
        name: p.name,
        price: p.price,
        annualPrice: p.annualPrice,
        priceId: id === "gratis" ? null : monthlyPriceId(config, id),
        annualPriceId: id === "gratis" ? null : annualPriceId(config, id),
        productId: null,
        features: p.features,
        ...(p.badge ? { badge: p.badge } : {}),
      };
    }),
  };
}
