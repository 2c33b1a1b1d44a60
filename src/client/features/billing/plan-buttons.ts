// The pricing card button rules (editor spec §4), as a pure function so they are unit-tested.
import { type PlanButton, type PlanId, isPlanId, planButton } from "../../../shared/plans";

export type PlanButtonState = PlanButton | { kind: "signup"; label: string; disabled: boolean };

/**
 * signedIn=false: every card leads to sign-up (the choice is saved as the intended plan).
 * Signed in: the shared plan-order rule `planButton`, with "Processing..." on an upgrade while busy.
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
  const button = planButton(current, plan);
  if (button.kind !== "upgrade") return button;
  return { kind: "upgrade", label: processing ? "Processing..." : `Upgrade to ${planName}`, disabled: processing };
}
