// Billing routes (spec accounts §7, editor §7): plans, checkout, return pages, guest
// activation, subscription status, portal, the built-in test checkout and Stripe webhooks.
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  activateAccountRequest,
  createCheckoutRequest,
  planChangeRequest,
  portalActionRequest,
  sessionIdRequest,
  testCheckoutPayRequest,
} from "../../shared/contracts/billing.js";
import type { AppContext } from "../context.js";
import { AppError, notFound, parse, rateLimited, RateLimiter, type RateRule, requireUser } from "../http/index.js";
import { afterResponseQueue } from "../mail/index.js";
import { createBuiltinPortal } from "./builtin-portal.js";
import { plansResponse } from "./catalogue.js";
import { invoiceRoutes } from "./invoice-routes.js";
import { createPlanChanges } from "./plan-change.js";
import { createBillingService } from "./service.js";
import { createTestCheckout } from "./test-checkout.js";
import { webhookRoutes } from "./webhook-routes.js";

const notForSale = () => new AppError(503, "service_unavailable", "Plans are not for sale on this server.", { reason: "plans_not_for_sale" });

const idParam = z.object({ id: z.string().min(1).max(300) });

// Per-IP limits on the calls that reach the payment provider or set a password without a
// session. Generous for people, tight enough to stop scripted abuse.
const TEN_MIN = 10 * 60_000;
const RULES = {
  checkout: { name: "billing-checkout", limit: 30, windowMs: TEN_MIN },
  guestLookup: { name: "billing-guest", limit: 60, windowMs: TEN_MIN },
} satisfies Record<string, RateRule>;

export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const provider = ctx.payments;
  const afterResponse = afterResponseQueue(ctx, (err, label) => app.log.error({ err }, `${label} failed after answering`));
  app.addHook("onClose", async () => afterResponse.drain());
  const billing = createBillingService(ctx, provider, afterResponse);
  const testCheckout = createTestCheckout(ctx, billing.events);
  const changes = createPlanChanges(ctx, provider, billing.events);
  const portal = createBuiltinPortal(ctx, billing.events, changes);
  const limiter = new RateLimiter(ctx.rateLimits, ctx.now, (_rule, wait) => rateLimited("Too many requests. Please try again shortly.", wait));
  const limit = (rule: RateRule, request: FastifyRequest) => limiter.enforce(rule, request.user?.id ?? request.ip);

  app.get("/api/stripe/plans", async () => plansResponse(ctx.config));

  // PAYMENTS=disabled: nothing can be bought; existing subscriptions still show and cancel.
  const forSale = () => {
    if (ctx.config.payments === "disabled") throw notForSale();
  };

  // Signed in: checkout for the user's customer. Signed out: a guest checkout that ends on
  // /checkout-success, where the buyer sets a password for the paid email.
  const createCheckout = async (request: FastifyRequest) => {
    forSale();
    await limit(RULES.checkout, request);
    const { priceId, interval } = parse(createCheckoutRequest, request.body ?? {});
    return billing.createCheckout(request.user, priceId, interval);
  };
  app.post("/api/stripe/create-checkout-session", createCheckout);
  app.post("/api/stripe/create-checkout", createCheckout);

  app.post("/api/retrieve-checkout-session", async (request) => {
    await limit(RULES.guestLookup, request);
    const { sessionId } = parse(sessionIdRequest, request.body ?? {});
    return billing.retrieveCheckoutDetails(sessionId, request.user?.id ?? null);
  });

  app.post("/api/activate-account-from-stripe", async (request) => {
    await limit(RULES.guestLookup, request);
    return billing.activateAccount(parse(activateAccountRequest, request.body ?? {}));
  });

  app.get("/api/stripe/subscription-status", async (request) => {
    const user = requireUser(request);
    await changes.applyDue(user.id);
    return billing.status(user.id);
  });

  // Plan changes on an active subscription: the dialog's preview, the change, and dropping a
  // change scheduled for the end of the period (./plan-change.ts).
  app.post("/api/billing/change-preview", async (request) => {
    forSale();
    const user = requireUser(request);
    await limit(RULES.checkout, request);
    return changes.preview(user.id, parse(planChangeRequest, request.body ?? {}));
  });
  app.post("/api/billing/change", async (request) => {
    forSale();
    const user = requireUser(request);
    await limit(RULES.checkout, request);
    return changes.change(user.id, parse(planChangeRequest, request.body ?? {}));
  });
  app.delete("/api/billing/scheduled-change", async (request) => changes.cancelScheduled(requireUser(request).id));

  app.post("/api/stripe/payment-success", async (request) => {
    const user = requireUser(request);
    const { sessionId } = parse(sessionIdRequest, request.body ?? {});
    return billing.paymentSuccess(user.id, sessionId);
  });

  app.post("/api/stripe/create-portal", async (request) => billing.createPortal(requireUser(request).id));

  // The built-in test checkout and portal exist only while no Stripe key is configured.
  const builtinOnly = () => {
    forSale();
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
    if (provider.kind !== "builtin") throw notFound("The built-in portal is not in use");
    const user = requireUser(request);
    return portal.act(user.id, parse(portalActionRequest, request.body ?? {}));
  });

  await app.register(async (scope) => invoiceRoutes(scope, ctx, provider, changes.applyDue));
  await app.register(async (scope) => webhookRoutes(scope, ctx, provider, billing.events));
}
