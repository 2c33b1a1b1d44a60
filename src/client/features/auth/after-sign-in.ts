// Spec §4: after a sign-in, a fresh saved plan choice starts checkout 1 s later.
import { SIGN_IN_CHECKOUT_DELAY_MS, startCheckout } from "../../lib/checkout";
import { clearIntendedPlan, readIntendedPlan } from "../../lib/intended-plan";

export function continueToCheckoutAfterSignIn(): void {
  const plan = readIntendedPlan();
  if (!plan) return;
  if (!plan.priceId || plan.planName === "gratis") {
    clearIntendedPlan(); // nothing to pay for
    return;
  }
  const priceId = plan.priceId;
  setTimeout(() => void startCheckout(priceId), SIGN_IN_CHECKOUT_DELAY_MS);
}
