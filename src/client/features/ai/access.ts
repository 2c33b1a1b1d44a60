// How a button for an AI action says, before it is pressed, why it would not run: the lock
// and "needs the Creator plan", or the plug and "needs a language model" (shared/plans.ts
// aiAccess decides). The toolbar, the assistant panel and the rewrite dialog use it.
import { type AiAccess, type AiAction, AI_RULES, PLANS, type PlanId } from "../../../shared/plans";

export interface ToolHint {
  locked: boolean;
  needsModel: boolean;
  /** The accessible name: the label and, when it would not run, why. */
  ariaLabel: string;
  /** The tooltip. */
  title: string;
}

export function toolHint(label: string, access: AiAccess, hint = label): ToolHint {
  if (access.kind === "plan") {
    return { locked: true, needsModel: false, ariaLabel: `${label} (needs the ${PLANS[access.plan].name} plan)`, title: `${access.message} Upgrade to use it.` };
  }
  if (access.kind === "model") {
    return { locked: false, needsModel: true, ariaLabel: `${label} (needs a language model)`, title: "Needs a language model: connect one in Settings" };
  }
  return { locked: false, needsModel: false, ariaLabel: label, title: hint };
}

/** "Needs Creator: Continue writing, Improve, Rewrite · Needs Professional: Summarize" for the locked tools. */
export function lockedLine(locked: { action: AiAction; plan: PlanId }[]): string {
  const byPlan = new Map<PlanId, Set<string>>();
  for (const { action, plan } of locked) byPlan.set(plan, (byPlan.get(plan) ?? new Set()).add(AI_RULES[action].name));
  return [...byPlan].map(([plan, names]) => `Needs ${PLANS[plan].name}: ${[...names].join(", ")}`).join(" · ");
}
