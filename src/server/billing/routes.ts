// Billing routes (spec accounts §7, editor §7): plans, checkout, return pages, guest
// activation, subscription status, portal, the built-in test checkout and Stripe webhooks.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  activateAccountRequest,
  createCheckoutRequest,
  portalActionRequest,
  sessionIdRequest,
  testCheckoutPayRequest,
} from "../../shared/contracts/billing.js";
import type { AppContext } from "../context.js";
import { requireUser } from "../http/auth-hook.js";
import { notFound, rateLimited } from "../http/errors.js";
import { RateLimiter, type RateRule } from "../auth/rate-limit.js";
import { parse } from "../http/validate.js";
import { createBuiltinPortal } from "./builtin-portal.js";
import { plansResponse } from "./catalogue.js";
import { createPaymentProvider } from "./providers/index.js";
import { createBillingService } from "./service.js";
import { createTestCheckout } from "./test-checkout.js";
import { webhookRoutes } from "./webhook-routes.js";

const idParam = z.object({ id: z.string().min(1).max(300) });

// Per-IP limits on the calls that reach the payment provider or set a password without a
// session. Generous for people, tight enough to stop scripted abuse.
const TEN_MIN = 10 * 60_000;
const RULES = {
  checkout: { name: "billing-checkout", limit: 30, windowMs: TEN_MIN, code: "over_request_rate_limit" },
  guestLookup: { name: "billing-guest", limit: 60, windowMs: TEN_MIN, code: "over_request_rate_limit" },
} satisfies Record<string, RateRule>;

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = await createPaymentProvider(ctx.config, (err) => app.log.error({ err }, "payment provider call failed"));
  const billing = createBillingService(ctx, provider);
  const testCheckout = createTestCheckout(ctx, billing.events);
  const portal = createBuiltinPortal(ctx, billing.events);
  const limiter = new RateLimiter(ctx.now);
  const limit = (rule: RateRule, request: FastifyRequest) => {
    const wait = limiter.hit(rule, request.user?.id ?? request.ip);
    if (wait > 0) throw rateLimited("Too many requests. Please try again shortly.", wait);
  };

  app.get("/api/stripe/plans", async () => plansResponse(ctx.config));

  // Signed in: checkout for the user's customer. Signed out: a guest checkout that ends on
  // /checkout-success, where the buyer sets a password for the paid email.
  const createCheckout = async (request: FastifyRequest) => {
    limit(RULES.checkout, request);
    const { priceId } = parse(createCheckoutRequest, request.body ?? {});
    return billing.createCheckout(request.user, priceId);
  };
  app.post("/api/stripe/create-checkout-session", createCheckout);
  app.post("/api/stripe/create-checkout", createCheckout);

  app.post("/api/retrieve-checkout-session", async (request) => {
    limit(RULES.guestLookup, request);
    const { sessionId } = parse(sessionIdRequest, request.body ?? {});
    return billing.retrieveCheckoutDetails(sessionId);
  });

  app.post("/api/activate-account-from-stripe", async (request) => {
    limit(RULES.guestLookup, request);
    return billing.activateAccount(parse(activateAccountRequest, request.body ?? {}));
  });

  app.get("/api/stripe/subscription-status", async (request) => billing.status(requireUser(request).id));

  app.post("/api/stripe/payment-success", async (request) => {
    const user = requireUser(request);
    const { sessionId } = parse(sessionIdRequest, request.body ?? {});
    return billing.paymentSuccess(user.id, sessionId);
  });

  app.post("/api/stripe/create-portal", async (request) => billing.createPortal(requireUser(request).id));

  // The built-in test checkout and portal exist only while no Stripe key is configured.
  const builtinOnly = () => {
    if (provider.kind !== "builtin") throw notFound("The built-in checkout is not in use");
  };
  app.get("/api/stripe/test-checkout/:id", async (request) => {
    builtinOnly();
    const { id } = parse(idParam, request.params);
    return testCheckout.details(id, request.user?.id ?? null);
  });
  app.post("/api/stripe/test-checkout/:id/pay", async (request) => {
    builtinOnly();
    const { id } = parse(idParam, request.params);
    const { email } = parse(testCheckoutPayRequest, request.body ?? {});
    return testCheckout.pay(id, request.user?.id ?? null, email);
  });
  app.post("/api/stripe/test-checkout/:id/cancel", async (request) => {
    builtinOnly();
    const { id } = parse(idParam, request.params);
    return testCheckout.cancel(id, request.user?.id ?? null);
  });
  app.post("/api/stripe/portal", async (request) => {
    builtinOnly();
    const user = requireUser(request);
    return portal.act(user.id, parse(portalActionRequest, request.body ?? {}));
  });

  await app.register(async (scope) => webhookRoutes(scope, ctx, provider, billing.events));
}
