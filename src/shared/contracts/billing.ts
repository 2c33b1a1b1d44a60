// Billing request/response contracts (spec accounts §3/§7, editor §7), shared by server and client.
import { z } from "zod";
import { passwordProblem } from "../passwords/rule.js";
import { BILLING_INTERVALS, type BillingInterval } from "../plans.js";

const billingIntervalSchema = z.enum(BILLING_INTERVALS);

/**
 * priceId names the plan (its monthly or annual price id from GET /api/stripe/plans);
 * interval says how it is billed. Without an interval the price id decides (monthly for a
 * monthly id), so older clients keep working.
 */
export const createCheckoutRequest = z.object({
  priceId: z.string().min(1).max(200),
  interval: billingIntervalSchema.optional(),
});
export interface UrlResponse {
  url: string;
}

export const sessionIdRequest = z.object({ sessionId: z.string().min(1).max(300) });

/** POST /api/retrieve-checkout-session */
export interface CheckoutSessionDetails {
  /** The email paid with: only for the signed-in owner of the session, else null. */
  customer: { email: string | null };
  planName: string;
  existingUser: boolean;
  pendingActivation: boolean;
}

export const activateAccountRequest = z.object({
  sessionId: z.string().min(1).max(300),
  email: z.string().trim().email().max(320),
  // The same rule as sign-up: activation is how a buyer without an account chooses a password.
  password: z
    .string()
    .max(1000)
    .superRefine((password, ctx) => {
      const problem = passwordProblem(password);
      if (problem) ctx.addIssue({ code: "custom", message: problem.message });
    }),
});
export type ActivateAccountRequest = z.infer<typeof activateAccountRequest>;
export interface ActivateAccountResponse {
  ok: true;
  email: string;
  /** Always true: the account is confirmed by the link emailed to this address. */
  confirmEmail: true;
}

/** GET /api/stripe/subscription-status and the subscription in other responses. */
export interface SubscriptionStatusResponse {
  isActive: boolean;
  planName: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  /** How the active subscription is billed; null without a paid subscription. */
  interval: BillingInterval | null;
  /** A plan change that starts when the paid period ends (a downgrade, or annual to monthly). */
  scheduledChange?: ScheduledPlanChange | null;
}

/** "Creator from <effectiveAt>": the plan the subscription moves to at the end of the period. */
export interface ScheduledPlanChange {
  plan: "creator" | "professional";
  planName: string;
  interval: BillingInterval;
  /** ISO time the change takes effect (the end of the paid period). */
  effectiveAt: string;
  /** What the first period on the new plan costs, in US dollars. */
  amount: number;
}

/**
 * POST /api/billing/change-preview and POST /api/billing/change. A higher plan (or monthly to
 * annual billing) starts at once and is prorated; a lower plan (or annual to monthly) starts
 * when the paid period ends. prorationDate (Unix seconds, from the preview) charges the change
 * as of that moment, so the charge is the one the preview showed; the server accepts one up
 * to 30 minutes old and otherwise uses the present.
 */
export const planChangeRequest = z.object({
  plan: z.enum(["creator", "professional"]),
  interval: billingIntervalSchema,
  prorationDate: z.number().int().positive().optional(),
});
export type PlanChangeRequest = z.infer<typeof planChangeRequest>;

/** One line of a plan change's invoice, in US dollars: negative for a credit. */
export interface PlanChangeLine {
  description: string;
  amount: number;
}

export interface PlanChangePreview {
  plan: "creator" | "professional";
  planName: string;
  interval: BillingInterval;
  /** "now": charged and applied at once; "period_end": applied when the paid period ends. */
  timing: "now" | "period_end";
  /** ISO time the new plan starts. */
  effectiveAt: string;
  /** Charged now, in US dollars (0 for a change at the end of the period). */
  amountDue: number;
  /** Credit for the unused time of the current plan, in US dollars (0 when none). */
  credit: number;
  /** The invoice lines charged now: the credit (negative) and the charge. */
  lines: PlanChangeLine[];
  /** ISO time of the next regular charge on the new plan, and its amount in US dollars. */
  nextChargeAt: string;
  nextChargeAmount: number;
  currency: string;
  /** Send back with the change to be charged exactly this preview. */
  prorationDate: number;
}

/** GET /api/stripe/plans: the catalogue with configured price ids (Gratis has none). */
interface PlanWithPrice {
  id: string;
  name: string;
  price: number;
  /** Price of a year in US dollars (annual billing). */
  annualPrice: number;
  priceId: string | null;
  annualPriceId: string | null;
  productId: string | null;
  features: string[];
  badge?: string;
}
export interface PlansResponse {
  plans: PlanWithPrice[];
  /**
   * "builtin" = the app's own test checkout (no card is charged); "stripe" = hosted checkout;
   * "disabled" = plans are not for sale (PAYMENTS=disabled).
   */
  provider: "builtin" | "stripe" | "disabled";
  /** The test checkout runs on a production server: every page says no payment is real. */
  testMode: boolean;
  /** The billing intervals that can be bought: "year" only when every paid plan has an annual price. */
  intervals: BillingInterval[];
}

/** GET /api/stripe/test-checkout/:id (built-in test checkout page). */
export interface TestCheckoutDetails {
  id: string;
  planName: string;
  planLabel: string;
  /** What this checkout charges for one period, in US dollars. */
  price: number;
  interval: BillingInterval;
  email: string | null;
  /** Guest checkout: the page collects the email before paying. */
  needsEmail: boolean;
  status: "open" | "complete" | "expired";
  cancelUrl: string;
}
export const testCheckoutPayRequest = z.object({ email: z.string().trim().email().max(320).optional() });
export interface TestCheckoutPayResponse {
  redirectUrl: string;
}

/** Built-in billing portal actions. */
export const portalActionRequest = z.discriminatedUnion("action", [
  z.object({ action: z.literal("cancel") }),
  z.object({ action: z.literal("resume") }),
  z.object({
    action: z.literal("switch"),
    plan: z.enum(["creator", "professional"]),
    /** Keep the current interval when absent. */
    interval: billingIntervalSchema.optional(),
  }),
]);
export type PortalActionRequest = z.infer<typeof portalActionRequest>;

/** GET /api/stripe/invoices: the signed-in user's invoices, newest first. */
export interface InvoiceRecord {
  id: string;
  /** ISO time the invoice was issued. */
  date: string;
  planName: string;
  interval: BillingInterval | null;
  /** Amount in US dollars. */
  amount: number;
  currency: string;
  status: string;
  /**
   * Where the receipt downloads from: our own receipt route for the built-in checkout
   * (needs the bearer token), Stripe's hosted invoice or PDF for Stripe invoices.
   */
  receiptUrl: string | null;
  /** true when receiptUrl is one of our routes (fetch with the token), false for an external link. */
  receiptIsLocal: boolean;
  /** A plan change's invoice: its credit (negative) and charge lines. Absent for a plain period. */
  lines?: PlanChangeLine[];
}
export interface InvoicesResponse {
  invoices: InvoiceRecord[];
}
