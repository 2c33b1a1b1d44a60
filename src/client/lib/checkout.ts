import type { BillingInterval } from "../../shared/plans";
import { apiJson } from "./api";
import { clearIntendedPlan } from "./intended-plan";
import { toast } from "./toast";

// Spec §4: a saved paid plan choice starts checkout this long after a sign-in, and after
// arriving on /signup/success.
export const SIGN_IN_CHECKOUT_DELAY_MS = 1000;
export const SIGNUP_CHECKOUT_DELAY_MS = 2000;

/**
 * Starts a subscription checkout for `priceId` (billed per `interval` when given): asks the server for a checkout URL and
 * sends the browser there (a hosted payment page, or the built-in test checkout).
 * Never throws; failures show the spec's "Payment Error" toast.
 */
export async function startCheckout(priceId: string, interval?: BillingInterval): Promise<void> {
  try {
    const res = await apiJson<{ url?: unknown }>("POST", "/api/stripe/create-checkout-session", interval ? { priceId, interval } : { priceId });
    if (!res || typeof res.url !== "string" || !res.url) throw new Error("No checkout URL returned");
    toast({ title: "Redirecting to payment", description: "Please complete your subscription setup..." });
    clearIntendedPlan();
    window.location.assign(res.url);
  } catch (err) {
    console.error("Starting checkout failed", err);
    toast({
      title: "Payment Error",
      description: "Failed to start checkout process. Please try again.",
      variant: "destructive",
    });
  }
}

/** Opens the billing portal (hosted or built-in). Never throws; shows "Portal Error" on failure. */
export async function openBillingPortal(): Promise<void> {
  try {
    const res = await apiJson<{ url?: unknown }>("POST", "/api/stripe/create-portal");
    if (!res || typeof res.url !== "string" || !res.url) throw new Error("No portal URL returned");
    window.location.assign(res.url);
  } catch (err) {
    console.error("Opening the billing portal failed", err);
    toast({
      title: "Portal Error",
      description: "Failed to open billing portal. Please try again.",
      variant: "destructive",
    });
  }
}
