// Billing request/response contracts (spec accounts §3/§7, editor §7), shared by server and client.
import { z } from "zod";
import { MIN_PASSWORD_LENGTH } from "../limits.js";
import { PLAN_IDS } from "../plans.js";

export const planIdSchema = z.enum(PLAN_IDS);

export const createCheckoutRequest = z.object({ priceId: z.string().min(1).max(200) });
export type CreateCheckoutRequest = z.infer<typeof createCheckoutRequest>;
export interface UrlResponse {
  url: string;
}

export const sessionIdRequest = z.object({ sessionId: z.string().min(1).max(300) });
export type SessionIdRequest = z.infer<typeof sessionIdRequest>;

/** POST /api/retrieve-checkout-session */
export interface CheckoutSessionDetails {
  customer: { email: string };
  planName: string;
  existingUser: boolean;
  pendingActivation: boolean;
}

export const activateAccountRequest = z.object({
  sessionId: z.string().min(1).max(300),
  email: z.string().trim().email().max(320),
  password: z.string().min(MIN_PASSWORD_LENGTH).max(1000),
});
export type ActivateAccountRequest = z.infer<typeof activateAccountRequest>;
export interface ActivateAccountResponse {
  ok: true;
  email: string;
}

/** GET /api/stripe/subscription-status and the subscription in other responses. */
export interface SubscriptionStatusResponse {
  isActive: boolean;
  planName: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
}

/** GET /api/stripe/plans: the catalogue with configured price ids (Gratis has none). */
export interface PlanWithPrice {
  id: string;
  name: string;
  price: number;
  priceId: string | null;
  annualPriceId: string | null;
  productId: string | null;
  features: string[];
  badge?: string;
}
export interface PlansResponse {
  plans: PlanWithPrice[];
  /** "builtin" = the app's own test checkout (no card is charged); "stripe" = hosted checkout. */
  provider: "builtin" | "stripe";
}

/** GET /api/stripe/test-checkout/:id (built-in test checkout page). */
export interface TestCheckoutDetails {
  id: string;
  planName: string;
  planLabel: string;
  price: number;
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
  z.object({ action: z.literal("switch"), plan: z.enum(["creator", "professional"]) }),
]);
export type PortalActionRequest = z.infer<typeof portalActionRequest>;
