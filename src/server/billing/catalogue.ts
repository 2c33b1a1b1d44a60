// Plan ↔ price mapping from configuration (STRIPE_PRICE_* env vars, with built-in defaults
// so the test checkout works on a fresh machine). Gratis has no price.
import type { PlansResponse } from "../../shared/contracts/billing.js";
import { PLAN_IDS, PLANS, type PlanId } from "../../shared/plans.js";
import type { Config } from "../config.js";

export type PaidPlanId = Exclude<PlanId, "gratis">;

export function monthlyPriceId(config: Config, plan: PaidPlanId): string {
  return plan === "creator" ? config.STRIPE_PRICE_CREATOR : config.STRIPE_PRICE_PROFESSIONAL;
}

function annualPriceId(config: Config, plan: PaidPlanId): string | null {
  return (plan === "creator" ? config.STRIPE_PRICE_CREATOR_ANNUAL : config.STRIPE_PRICE_PROFESSIONAL_ANNUAL) ?? null;
}

/** The paid plan a price id buys, or null for a price we do not sell. */
export function planForPrice(config: Config, priceId: string | null | undefined): PaidPlanId | null {
  if (!priceId) return null;
  for (const plan of ["creator", "professional"] as const) {
    if (priceId === monthlyPriceId(config, plan) || priceId === annualPriceId(config, plan)) return plan;
  }
  return null;
}

export function plansResponse(config: Config): PlansResponse {
  return {
    provider: config.payments,
    plans: PLAN_IDS.map((id) => {
      const p = PLANS[id];
      return {
        id,
        name: p.name,
        price: p.price,
        priceId: id === "gratis" ? null : monthlyPriceId(config, id),
        annualPriceId: id === "gratis" ? null : annualPriceId(config, id),
        productId: null,
        features: p.features,
        ...(p.badge ? { badge: p.badge } : {}),
      };
    }),
  };
}
