import type { Config } from "../../config.js";
import { AppError } from "../../http/index.js";
import { createBuiltinProvider } from "./builtin.js";
import type { PaymentProvider } from "./types.js";

export type { BillingEvent, PaymentProvider } from "./types.js";
export { WebhookSignatureError } from "./types.js";

/** A failing provider call is the provider's outage, not our bug: 502 with a plain message. */
function withGatewayErrors(p: PaymentProvider, log: (err: unknown) => void): PaymentProvider {
  const wrap =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (err) {
        if (err instanceof AppError) throw err;
        log(err);
        throw new AppError(502, "bad_gateway", "The payment provider could not be reached. Please try again.");
      }
    };
  return {
    kind: p.kind,
    ensureCustomer: wrap(p.ensureCustomer),
    createCheckoutSession: wrap(p.createCheckoutSession),
    createPortalSession: wrap(p.createPortalSession),
    retrieveCheckoutSession: wrap(p.retrieveCheckoutSession),
    retrieveSubscription: wrap(p.retrieveSubscription),
    cancelSubscription: wrap(p.cancelSubscription),
    listInvoices: wrap(p.listInvoices),
    previewPlanChange: wrap(p.previewPlanChange),
    changePlanNow: wrap(p.changePlanNow),
    schedulePlanChange: wrap(p.schedulePlanChange),
    releaseSchedule: wrap(p.releaseSchedule),
    verifyWebhook: p.verifyWebhook,
  };
}

export async function createPaymentProvider(config: Config, log: (err: unknown) => void = () => {}): Promise<PaymentProvider> {
  // The Stripe SDK is loaded only when Stripe is configured: loading it costs start-up time.
  const provider =
    config.payments === "stripe" ? (await import("./stripe.js")).createStripeProvider(config) : createBuiltinProvider(config);
  return withGatewayErrors(provider, log);
}
