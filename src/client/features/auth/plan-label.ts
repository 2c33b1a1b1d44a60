import { PLAN_IDS, PLANS, type PlanId } from "../../../shared/plans";

/** "creator" → "Creator"; unknown names are shown as given. */
export function planLabel(planName: string): string {
  const id = planName.toLowerCase() as PlanId;
  return (PLAN_IDS as readonly string[]).includes(id) ? PLANS[id].name : planName;
}
