// Stripe through the official SDK. STRIPE_API_BASE points the SDK at another host (tests
// run it against a local stub of the endpoints used here).
import Stripe from "stripe";
import type { Config } from "../../config.js";
import { AppError } from "../../http/index.js";
import { type BillingEvent, type PaymentProvider, WebhookSignatureError } from "./types.js";

/** Signatures older than this are refused (Stripe's default tolerance). */
export const WEBHOOK_TOLERANCE_SEC = 300;

export function createStripeClient(config: Config): Stripe {
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY!, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: "Draftsmith" },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? "http" : "https",
        }
      : {}),
  });
}

export function createStripeProvider(config: Config): PaymentProvider {
  const stripe = createStripeClient(config);
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET!;
  return {
    kind: "stripe",
    async ensureCustomer(user, existing) {
      if (existing) return existing;
      const customer = await stripe.customers.create(
        { email: user.email, name: user.fullName || undefined, metadata: { userId: user.id } },
        // Two racing checkouts for one user create one customer.
        { idempotencyKey: `customer-${user.id}` },
      );
      return customer.id;
    },
    async createCheckoutSession(input) {
      const metadata: Record<string, string> = { plan: input.plan, ...(input.user ? { userId: input.user.id } : {}) };
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        line_items: [{ price: input.priceId, quantity: 1 }],
        ...(input.customerId ? { customer: input.customerId } : {}),
        ...(input.user ? { client_reference_id: input.user.id } : {}),
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata,
        subscription_data: { metadata },
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return { id: session.id, url: session.url };
    },
    async createPortalSession(input) {
      const session = await stripe.billingPortal.sessions.create({
        customer: input.customerId,
        return_url: input.returnUrl,
        ...(input.switchTo
          ? { flow_data: { type: "subscription_update", subscription_update: { subscription: input.switchTo.subscriptionId } } }
          : {}),
      });
      return { url: session.url };
    },
    async retrieveCheckoutSession(id) {
      try {
        return await stripe.checkout.sessions.retrieve(id);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async retrieveSubscription(id) {
      try {
        return await stripe.subscriptions.retrieve(id);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return null;
        throw err;
      }
    },
    async listInvoices(customerId) {
      // The latest 24 are a year of monthly invoices; older ones stay in Stripe's portal.
      const page = await stripe.invoices.list({ customer: customerId, limit: 24 });
      return page.data;
    },
    async previewPlanChange(input) {
      return stripe.invoices.createPreview({
        customer: input.customerId,
        subscription: input.subscriptionId,
        subscription_details: {
          items: [{ id: input.itemId, price: input.priceId }],
          proration_behavior: "always_invoice",
          proration_date: input.prorationDate,
        },
      });
    },
    async changePlanNow(input) {
      try {
        return await stripe.subscriptions.update(input.subscriptionId, {
          items: [{ id: input.itemId, price: input.priceId }],
          // Stripe credits the unused time and charges the rest of the period on one invoice, now.
          proration_behavior: "always_invoice",
          proration_date: input.prorationDate,
          // A declined card leaves the subscription as it was instead of half-changed.
          payment_behavior: "error_if_incomplete",
          cancel_at_period_end: false,
        });
      } catch (err) {
        if (err instanceof Stripe.errors.StripeCardError) {
          throw new AppError(409, "conflict", "Your card was declined, so your plan was not changed. Update your card under Manage Billing and try again.", {
            reason: "card_declined",
          });
        }
        throw err;
      }
    },
    async schedulePlanChange(input) {
      const schedule = input.scheduleId
        ? await stripe.subscriptionSchedules.retrieve(input.scheduleId)
        : await stripe.subscriptionSchedules.create({ from_subscription: input.subscriptionId });
      const current = schedule.current_phase ?? schedule.phases[0];
      if (!current) throw new Error("Stripe returned a subscription schedule without a phase");
      const updated = await stripe.subscriptionSchedules.update(schedule.id, {
        end_behavior: "release",
        proration_behavior: "none",
        phases: [
          { items: [{ price: input.currentPriceId, quantity: 1 }], start_date: current.start_date, end_date: current.end_date },
          { items: [{ price: input.priceId, quantity: 1 }], duration: { interval: input.interval, interval_count: 1 }, proration_behavior: "none" },
        ],
      });
      return { scheduleId: updated.id };
    },
    async releaseSchedule(id) {
      try {
        await stripe.subscriptionSchedules.release(id);
      } catch (err) {
        // Already released, completed or cancelled: nothing is scheduled any more.
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
        throw err;
      }
    },
    async cancelSubscription(id) {
      try {
        await stripe.subscriptions.cancel(id);
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.statusCode === 404) return;
        throw err;
      }
    },
    verifyWebhook(raw, signature, now) {
      if (!signature) throw new WebhookSignatureError("Missing Stripe-Signature header");
      try {
        const event = stripe.webhooks.constructEvent(
          raw,
          signature,
          webhookSecret,
          WEBHOOK_TOLERANCE_SEC,
          undefined,
          now.getTime(), // milliseconds (the SDK divides by 1000)
        );
        return event as unknown as BillingEvent;
      } catch (err) {
        throw new WebhookSignatureError(err instanceof Error ? err.message : "Invalid signature");
      }
    },
  };
}
