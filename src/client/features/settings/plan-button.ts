// The subscription tab's plan-order button: the shared rule from
// src/shared/plans.ts, plus "Processing..." while a checkout is starting.
import { isPlanId, type PlanId, planButton as planOrderButton } from "../../../shared/plans";

export interface PlanButton {
  label: string;
  disabled: boolean;
  action: "none" | "upgrade";
}

export function planButton(plan: PlanId, _planName: string, currentPlan: string, processing: boolean): PlanButton {
  const current: PlanId = isPlanId(currentPlan) ? currentPlan : "gratis";
  const rule = planOrderButton(current, plan);
  if (rule.kind !== "upgrade") return { label: rule.label, disabled: true, action: "none" };
  return { label: processing ? "Processing..." : rule.label, disabled: processing, action: "upgrade" };
}
