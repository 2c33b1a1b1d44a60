// The subscription tab's plan-order button rules (editor spec §4): the current plan reads
// "Current Plan" (disabled), a lower plan "Manage via Billing Portal" (disabled), a higher
// one "Upgrade to {plan}" ("Processing..." while busy).
import { isPlanId, PLAN_ORDER, type PlanId } from "../../../shared/plans";

export interface PlanButton {
  label: string;
  disabled: boolean;
  action: "none" | "upgrade";
}

export function planButton(plan: PlanId, planName: string, currentPlan: string, processing: boolean): PlanButton {
  const current: PlanId = isPlanId(currentPlan) ? currentPlan : "gratis";
  if (plan === current) return { label: "Current Plan", disabled: true, action: "none" };
  if (PLAN_ORDER[plan] < PLAN_ORDER[current]) return { label: "Manage via Billing Portal", disabled: true, action: "none" };
  return { label: processing ? "Processing..." : `Upgrade to ${planName}`, disabled: processing, action: "upgrade" };
}
