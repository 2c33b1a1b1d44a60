// What the signed-in user may run, from the one table in shared/plans.ts (aiAccess): the
// locks, their explanations, the panel and the actions all ask here, and the server's gate
// applies the same table. A user's own model connection serves every AI action on any plan.
import { type AiAccess, type AiAction, aiAccess, effectivePlan, type PlanId } from "../../../shared/plans";
import { useSubscription } from "../../lib/subscription";
import { useAiCapabilities } from "./use-ai-capabilities";

export interface AiPlan {
  /** The plan as it counts now (Gratis until the subscription is known). */
  plan: PlanId;
  /** May `action` run now; if not, the plan it needs or that it needs a language model. */
  access(action: AiAction): AiAccess;
  /** The subscription is known (before that nothing is shown as locked). */
  loaded: boolean;
}

export function useAiPlan(): AiPlan {
  const { data } = useSubscription();
  const capabilities = useAiCapabilities();
  const plan = effectivePlan(data);
  // Until the capabilities are known an action that needs a model goes ahead: the server says.
  const input = { plan, model: !capabilities.loaded || capabilities.model, ownModel: capabilities.source === "user" };
  const loaded = !!data;
  return {
    plan,
    loaded,
    // Before the subscription is known nothing is refused here: the server gates anyway.
    access: (action) => (loaded ? aiAccess(input, action) : { kind: "allowed" }),
  };
}
