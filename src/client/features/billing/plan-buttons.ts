// The pricing card button rules (editor spec §4), as a pure function so they are unit-tested.
import { PLAN_ORDER, type PlanId, isPlanId } from "../../../shared/plans";

export type PlanButtonState =
  | { kind: "current"; label: "Current Plan"; disabled: true }
  | { kind: "lower"; label: "Manage via Billing Portal"; disabled: true }
  | { kind: "upgrade"; label: string; disabled: boolean }
  | { kind: "signup"; label: string; disabled: boolean };

/**
 * signedIn=false: every card leads to sign-up (the choice is saved as the intended plan).
 * Signed in: the current plan is disabled "Current Plan", a lower one disabled
 * "Manage via Billing Portal", anything else "Upgrade to {plan}" ("Processing..." while busy).
 */
export function planButtonState(opts: {
  plan: PlanId;
  planName: string;
  signedIn: boolean;
  currentPlan: string | null;
  processing: boolean;
}): PlanButtonState {
  const { plan, planName, signedIn, processing } = opts;
  if (!signedIn) {
    return { kind: "signup", label: plan === "gratis" ? "Get Started Free" : `Upgrade to ${planName}`, disabled: processing };
  }
  const current: PlanId = isPlanId(opts.currentPlan) ? opts.currentPlan : "gratis";
  if (plan === current) return { kind: "current", label: "Current Plan", disabled: true };
  if (PLAN_ORDER[plan] < PLAN_ORDER[current]) return { kind: "lower", label: "Manage via Billing Portal", disabled: true };
  return { kind: "upgrade", label: processing ? "Processing..." : `Upgrade to ${planName}`, disabled: processing };
}
