// Which plan each AI action needs: the table in shared/plans.ts (AI_RULES, aiAccess), which the
// client's locks, hints and pricing cards read too. Here only the plan part is enforced; an
// action that needs a language model is refused by the offline engine itself (409
// model_required), and a user's own model connection is not gated at all (calls.ts).
import { type AiAction, PLANS, type PlanId, planIncludes, upgradeMessage, AI_RULES } from "../../shared/plans.js";
import { upgradeRequired } from "../http/errors.js";

/** The actions the text endpoints gate (analyze is answered without the gate: it is on every plan). */
export type AiFeature = Exclude<AiAction, "analyze" | "inline">;

/**
 * Throws 402 upgrade_required when the user's plan does not include the action. The body
 * names the action (`feature`), the plan it needs (`requiredPlan`, `requiredPlanName`) and says so.
 */
export function assertFeatureAllowed(feature: AiFeature, plan: { plan: PlanId; isActive: boolean }): void {
  const current: PlanId = plan.isActive ? plan.plan : "gratis";
  if (planIncludes(current, feature)) return;
  const required = AI_RULES[feature].plan;
  throw upgradeRequired(feature, upgradeMessage(feature), { requiredPlan: required, requiredPlanName: PLANS[required].name });
}
