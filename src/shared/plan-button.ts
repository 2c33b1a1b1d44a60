// The button on a plan card, for the pricing section and the subscription tab alike, so
// both say the same thing for the same plan.
import { PLAN_ORDER, PLANS, type PlanId, isPlanId } from "./plans.js";

export interface PlanButton {
  label: string;
  disabled: boolean;
  /**
   * current: the user's own plan; lower: a downgrade, done through the billing portal;
   * upgrade: starts checkout; signup: signed out, leads to sign-up with the plan saved;
   * not-for-sale: paid plans while the server sells nothing (PAYMENTS=disabled).
   */
  kind: "current" | "lower" | "upgrade" | "signup" | "not-for-sale";
}

export interface PlanButtonInput {
  /** The plan on the card. */
  plan: PlanId;
  /** The signed-in user's plan (an unknown name counts as Gratis); null when signed out. */
  currentPlan: string | null;
  /** This card's checkout is starting. */
  processing: boolean;
  /** false when the server sells nothing: paid plans cannot be chosen. */
  forSale?: boolean;
}

/**
 * Plan order gratis < creator < professional: the user's plan is a disabled "Current Plan",
 * a lower one a disabled "Manage via Billing Portal", a higher one "Upgrade to {plan}"
 * ("Processing..." while its checkout starts). Signed out, every card leads to sign-up.
 */
export function planButton({ plan, currentPlan, processing, forSale = true }: PlanButtonInput): PlanButton {
  const signedIn = currentPlan !== null;
  const current: PlanId = isPlanId(currentPlan) ? currentPlan : "gratis";
  const upgradeLabel = `Upgrade to ${PLANS[plan].name}`;
  if (!forSale && plan !== "gratis" && !(signedIn && plan === current)) {
    return { kind: "not-for-sale", label: "Not for sale", disabled: true };
  }
  if (!signedIn) {
    return { kind: "signup", label: plan === "gratis" ? "Get Started Free" : upgradeLabel, disabled: processing };
  }
  if (plan === current) return { kind: "current", label: "Current Plan", disabled: true };
  if (PLAN_ORDER[plan] < PLAN_ORDER[current]) return { kind: "lower", label: "Manage via Billing Portal", disabled: true };
  return { kind: "upgrade", label: processing ? "Processing..." : upgradeLabel, disabled: processing };
}
