// Billing use cases behind the routes: checkout, the return pages, guest activation, the
// portal and subscription status. Provider calls happen outside database transactions.
import { and, eq, isNull } from "drizzle-orm";
import type {
  ActivateAccountRequest,
  ActivateAccountResponse,
  CheckoutSessionDetails,
  SubscriptionStatusResponse,
  UrlResponse,
} from "../../shared/contracts/billing.js";
import { type BillingInterval, PLANS, isPlanId } from "../../shared/plans.js";
import { hashPassword, newPasswordProblem, safeRedirect, sendConfirmation } from "../auth/index.js";
import type { AppContext } from "../context.js";
import { checkoutSessions, users } from "../db/index.js";
import type { AfterResponseQueue } from "../mail/index.js";
import { badRequest, conflict, notFound } from "../http/index.js";
import type { AuthUser } from "../service-types.js";
import { intervalForPrice, priceIdFor, priceInfo } from "./catalogue.js";
import { applyCompletedCheckout } from "./checkout-completion.js";
import { createEventProcessor } from "./events.js";
import { getUserPlan } from "./plan-lookup.js";
import type { PaymentProvider } from "./providers/index.js";
import { isPaid, readCheckoutSession, readSubscription } from "./stripe-objects.js";
import { findSubscriptionRow, presentSubscription, rememberCustomer } from "./subscription-state.js";

export function createBillingService(ctx: AppContext, provider: PaymentProvider, afterResponse: AfterResponseQueue) {
  const events = createEventProcessor(ctx, provider);
  const url = (path: string) => `${ctx.config.publicUrl}${path}`;

  async function loadSession(sessionId: string) {
    const [row] = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    return row ?? null;
  }

  /**
   * The return pages can arrive before the provider's webhook: ask the provider and apply a
   * paid session through the same completion code (idempotent, ordered by state time).
   */
  async function syncFromProvider(sessionId: string): Promise<void> {
    if (provider.kind !== "stripe") return;
    const session = readCheckoutSession(await provider.retrieveCheckoutSession(sessionId));
    if (!session || !isPaid(session)) return;
    const fetchedAt = ctx.now();
    const sub =
      session.subscription ??
      (session.subscriptionId ? readSubscription(await provider.retrieveSubscription(session.subscriptionId)) : null);
    await ctx.db.transaction((tx) => applyCompletedCheckout(tx, ctx.config, provider.kind, session, sub, fetchedAt, ctx.now()));
  }

  async function completedSession(sessionId: string) {
    let row = await loadSession(sessionId);
    if (!row) throw notFound("Checkout session not found");
    if (row.status !== "complete") {
      await syncFromProvider(sessionId);
      row = await loadSession(sessionId);
      if (!row) throw notFound("Checkout session not found");
    }
    return row;
  }

  async function status(userId: string): Promise<SubscriptionStatusResponse> {
    return presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()), ctx.config);
  }

  return {
    events,
    provider,
    status,

    async createCheckout(user: AuthUser | null, requestedPriceId: string, requestedInterval?: BillingInterval): Promise<UrlResponse> {
      const info = priceInfo(ctx.config, requestedPriceId);
      if (!info) throw badRequest("Unknown price", { field: "priceId" });
      const { plan } = info;
      // The price id names the plan; the interval (when sent) says how it is billed.
      const interval = requestedInterval ?? info.interval;
      const priceId = priceIdFor(ctx.config, plan, interval);
      if (!priceId) throw badRequest("Annual billing is not available. Choose monthly billing.", { field: "interval" });
      let customerId: string | null = null;
      if (user) {
        const current = await getUserPlan(ctx.db, user.id, ctx.now());
        const row = await findSubscriptionRow(ctx.db, user.id);
        if (current.isActive && current.plan === plan && intervalForPrice(ctx.config, current.priceId) === interval) {
          throw conflict(`You are already subscribed to the ${PLANS[plan].name} plan.`);
        }
        if (current.isActive && row?.subscriptionId && row.customerId) {
          // One subscription per user: a different plan is a change of the existing one, made
          // on our billing page, which states the prorated charge before anything changes
          // (./plan-change.ts). This holds for Stripe too: no second checkout.
          const to = new URL(url("/billing/portal"));
          to.searchParams.set("switch", plan);
          if (interval === "year") to.searchParams.set("interval", "year");
          return { url: to.toString() };
        }
        customerId = await provider.ensureCustomer(user, row?.provider === provider.kind ? (row.customerId ?? null) : null);
        await rememberCustomer(ctx.db, user.id, provider.kind, customerId);
      }
      const successUrl = user ? url("/subscription-success?session_id={CHECKOUT_SESSION_ID}") : url("/checkout-success?session_id={CHECKOUT_SESSION_ID}");
      const session = await provider.createCheckoutSession({
        user: user ? { id: user.id, email: user.email } : null,
        customerId,
        priceId,
        plan,
        successUrl,
        cancelUrl: url("/subscription-cancel"),
      });
      await ctx.db.insert(checkoutSessions).values({
        id: session.id,
        provider: provider.kind,
        userId: user?.id ?? null,
        email: user?.email.toLowerCase() ?? null,
        plan,
        priceId,
        status: "open",
        customerId,
        createdAt: ctx.now(),
      });
      return { url: session.url };
    },

    /**
     * The return page's view of a paid session. The buyer's email goes only to the signed-in
     * owner of the session; whoever else holds the id gets the same answer for every buyer,
     * so it tells neither the email nor whether an account with it exists.
     */
    async retrieveCheckoutDetails(sessionId: string, callerId: string | null): Promise<CheckoutSessionDetails> {
      const row = await completedSession(sessionId);
      if (row.status !== "complete" || !row.email || !row.userId) throw conflict("The payment for this checkout session is not complete.");
      const planName = isPlanId(row.plan) ? PLANS[row.plan].name : row.plan;
      if (callerId && callerId === row.userId) {
        return { customer: { email: row.email }, planName, existingUser: true, pendingActivation: false };
      }
      return { customer: { email: null }, planName, existingUser: false, pendingActivation: true };
    },

    async paymentSuccess(userId: string, sessionId: string): Promise<SubscriptionStatusResponse> {
      const row = await loadSession(sessionId);
      // Another user's session is indistinguishable from a missing one.
      if (!row || row.userId !== userId) throw notFound("Checkout session not found");
      const done = await completedSession(sessionId);
      if (done.status !== "complete") throw conflict("The payment for this checkout session is not complete.");
      return status(userId);
    },

    /**
     * A guest buyer sets the first password of the account their payment created. Paying with
     * an address proves nothing about owning it, so the account stays unconfirmed until the
     * emailed confirmation link is followed (src/server/auth/email-flows.ts verify()). Known
     * and unknown addresses get the same answer, and the mail work runs after it.
     */
    async activateAccount(input: ActivateAccountRequest): Promise<ActivateAccountResponse> {
      const row = await completedSession(input.sessionId);
      const email = input.email.trim().toLowerCase();
      if (row.status !== "complete" || !row.userId) throw conflict("The payment for this checkout session is not complete.");
      if (row.email !== email) throw badRequest("The email does not match the one used for payment.");
      // The contract checked the forms' short list; the whole breach list is checked here.
      const weak = await newPasswordProblem(input.password);
      if (weak) throw badRequest(`password: ${weak.message}`);
      const userId = row.userId;
      // Hash whatever happens next, so a pending and an established account cost the same.
      const passwordHash = await hashPassword(input.password);
      const now = ctx.now();
      // Only a pending account (made by the guest checkout: no password, never confirmed) gets
      // this password; an established account keeps its own.
      await ctx.db
        .update(users)
        .set({ passwordHash, updatedAt: now })
        .where(and(eq(users.id, userId), isNull(users.passwordHash), isNull(users.emailConfirmedAt)));
      afterResponse.run("checkout confirmation mail", async () => {
        const [user] = await ctx.db
          .select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt })
          .from(users)
          .where(eq(users.id, userId));
        if (!user || user.emailConfirmedAt) return;
        await sendConfirmation(ctx, { userId, email: user.email, redirectTo: safeRedirect(ctx.config, "/") });
      });
      return { ok: true, email, confirmEmail: true };
    },

    async createPortal(userId: string): Promise<UrlResponse> {
      const row = await findSubscriptionRow(ctx.db, userId);
      if (!row?.customerId || row.provider !== provider.kind) throw badRequest("No billing account found. Choose a plan first.");
      return provider.createPortalSession({ customerId: row.customerId, returnUrl: url("/") });
    },
  };
}
