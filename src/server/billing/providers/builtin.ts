// The built-in test checkout: sessions, customers and subscriptions live only in our own
// database; the checkout page is a page of the app (/checkout/test/:id) and the portal is
// /billing/portal. Paying there emits Stripe-shaped events (see ../test-checkout.ts).
import crypto from "node:crypto";
import type { Config } from "../../config.js";
import { type PaymentProvider, WebhookSignatureError } from "./types.js";

export const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString("hex")}`;

export function createBuiltinProvider(config: Config): PaymentProvider {
  return {
    kind: "builtin",
    async ensureCustomer(user, existing) {
      return existing ?? `cus_local_${user.id.replaceAll("-", "")}`;
    },
    async createCheckoutSession() {
      const id = randomId("cs_test");
      return { id, url: `${config.publicUrl}/checkout/test/${id}` };
    },
    async createPortalSession(input) {
      const url = new URL(`${config.publicUrl}/billing/portal`);
      if (input.switchTo) {
        url.searchParams.set("switch", input.switchTo.plan);
        // Monthly stays the default so existing links keep their shape.
        if (input.switchTo.interval === "year") url.searchParams.set("interval", "year");
      }
      return { url: url.toString() };
    },
    async retrieveCheckoutSession() {
      return null;
    },
    async retrieveSubscription() {
      return null;
    },
    async listInvoices() {
      // Built-in invoices live in the invoices table (../invoices.ts).
      return [];
    },
    // Built-in plan changes are priced and applied in our own database (../plan-change.ts).
    async previewPlanChange() {
      throw new Error("The built-in checkout prices plan changes itself");
    },
    async changePlanNow() {
      throw new Error("The built-in checkout applies plan changes itself");
    },
    async schedulePlanChange() {
      throw new Error("The built-in checkout schedules plan changes itself");
    },
    async releaseSchedule() {},
    async cancelSubscription() {
      // Built-in subscriptions live only in our database; the account deletion ends the row.
    },
    verifyWebhook() {
      // There is no external sender to trust without a provider secret.
      throw new WebhookSignatureError("Webhooks are not configured (no STRIPE_WEBHOOK_SECRET)");
    },
  };
}
