// Where emailed links return to. The server accepts only pages of this origin.
import { readIntendedPlan } from "../../lib/intended-plan";

/** After confirming: the success page when a paid plan waits for checkout, else home. */
export function confirmationRedirect(): string {
  const plan = readIntendedPlan();
  const paid = plan && plan.planName !== "gratis" && plan.priceId;
  return `${window.location.origin}${paid ? "/signup/success" : "/"}`;
}

export function recoveryRedirect(): string {
  return `${window.location.origin}/reset-password`;
}
