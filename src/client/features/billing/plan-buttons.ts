// The pricing card button rules, as a pure function so they are unit-tested.
import { type PlanButton, type PlanId, isPlanId, planButton } from "../../../shared/plans";

export type PlanButtonState =
  | PlanButton
  | { kind: "signup"; label: string; disabled: boolean }
  | { kind: "not-for-sale"; label: string; disabled: true };

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
  /** false when the server sells nothing (PAYMENTS=disabled): paid plans cannot be chosen. */
  forSale?: boolean;
}): PlanButtonState {
  const { plan, planName, signedIn, processing } = opts;
  const current = isPlanId(opts.currentPlan) ? opts.currentPlan : "gratis";
  if (opts.forSale === false && plan !== "gratis" && !(signedIn && plan === current)) {
    return { kind: "not-for-sale", label: "Not for sale", disabled: true };
  }
  if (!signedIn) {
    return { kind: "signup", label: plan === "gratis" ? "Get Started Free" : `Upgrade to ${planName}`, disabled: processing };
  }
  const button = planButton(current, plan);
  if (button.kind !== "upgrade") return button;
  return { kind: "upgrade", label: processing ? "Processing..." : `Upgrade to ${planName}`, disabled: processing };
}
