// What billing needs from a payment provider. Two implementations: the Stripe SDK
// (STRIPE_SECRET_KEY set) and the built-in test checkout (the default; no card is charged).
export interface BillingEvent {
  id: string;
  type: string;
  /** Unix seconds when the provider created the event. */
  created: number;
  data: { object: unknown };
}

interface CheckoutInput {
  /** Null for a guest checkout (paid before having an account). */
  user: { id: string; email: string } | null;
  customerId: string | null;
  priceId: string;
  plan: string;
  successUrl: string;
  cancelUrl: string;
}

interface PortalInput {
  customerId: string;
  returnUrl: string;
  /** Open the portal on the "change plan" step for this subscription (towards `plan`). */
  switchTo?: { subscriptionId: string; plan: string; interval?: "month" | "year" };
}

export class WebhookSignatureError extends Error {}

interface PlanChangeInput {
  customerId: string;
  subscriptionId: string;
  /** The subscription item whose price changes. */
  itemId: string;
  priceId: string;
  /** Unix seconds the change is priced at (the preview's moment). */
  prorationDate: number;
}

interface ScheduleInput {
  subscriptionId: string;
  /** The schedule already managing the subscription, if any (it is rewritten). */
  scheduleId: string | null;
  currentPriceId: string;
  priceId: string;
  interval: "month" | "year";
}

export interface PaymentProvider {
  readonly kind: "builtin" | "stripe";
  /** Returns a customer id for the user, creating a customer when `existing` is null. */
  ensureCustomer(user: { id: string; email: string; fullName: string }, existing: string | null): Promise<string>;
  createCheckoutSession(input: CheckoutInput): Promise<{ id: string; url: string }>;
  createPortalSession(input: PortalInput): Promise<{ url: string }>;
  /** The provider's current view of a checkout session (raw object), or null when it only lives in our database. */
  retrieveCheckoutSession(id: string): Promise<unknown | null>;
  retrieveSubscription(id: string): Promise<unknown | null>;
  /** The customer's invoices, newest first (raw provider objects); the built-in provider keeps them in our database and returns []. */
  listInvoices(customerId: string): Promise<unknown[]>;
  /** The invoice a change made now would charge (raw provider invoice); Stripe only. */
  previewPlanChange(input: PlanChangeInput): Promise<unknown>;
  /** Changes the price now, prorated and invoiced at once; returns the raw subscription. Stripe only. */
  changePlanNow(input: PlanChangeInput): Promise<unknown>;
  /** Moves the subscription to another price when its period ends; returns the schedule's id. Stripe only. */
  schedulePlanChange(input: ScheduleInput): Promise<{ scheduleId: string }>;
  /** Lets a subscription go on as it is, dropping the scheduled change. Stripe only. */
  releaseSchedule(scheduleId: string): Promise<void>;
  /** Ends a subscription at once (account deletion); a subscription already gone is fine. */
  cancelSubscription(id: string): Promise<void>;
  /** Verifies a webhook on its raw bytes; throws WebhookSignatureError when it is not authentic or too old. */
  verifyWebhook(raw: Buffer, signature: string | undefined, now: Date): BillingEvent;
}
