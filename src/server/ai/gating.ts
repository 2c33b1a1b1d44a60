// Which plan each AI feature needs (decided on the server from getUserPlan).
//  - complete, improve, rewrite, ask (a free-form rewrite), tone, grammar and alternatives, rephrase,
//    outline and rewriting suggestions (they are parts of the same tools): Creator or Professional.
//  - summarize (also a summary requested through complete): Professional only (PLANS in shared/plans.ts).
//  - analyze: every signed-in user. It is a local readability measurement on every engine,
//    costs no tokens and calls no model.
import type { PlanId } from "../../shared/plans.js";
import { upgradeRequired } from "../http/errors.js";

export type AiFeature =
  | "complete"
  | "improve"
  | "rewrite"
  | "ask"
  | "tone"
  | "grammar"
  | "alternatives"
  | "rephrase"
  | "outline"
  | "summarize"
  | "suggestions";

const AI_UPGRADE_MESSAGE = "AI features require a Creator or Professional subscription.";
const SUMMARIZE_UPGRADE_MESSAGE = "Summarization requires a Professional subscription.";

const PAID: readonly PlanId[] = ["creator", "professional"];

function plansFor(feature: AiFeature): readonly PlanId[] {
  return feature === "summarize" ? ["professional"] : PAID;
}

/** Throws 402 upgrade_required when the user's active plan does not include the feature. */
export function assertFeatureAllowed(feature: AiFeature, plan: { plan: PlanId; isActive: boolean }): void {
  if (plan.isActive && plansFor(feature).includes(plan.plan)) return;
  throw upgradeRequired(feature, feature === "summarize" ? SUMMARIZE_UPGRADE_MESSAGE : AI_UPGRADE_MESSAGE, {
    requiredPlan: plansFor(feature)[0],
  });
}
