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
import { PLANS, isPlanId } from "../../shared/plans.js";
import { hashPassword } from "../auth/passwords.js";
import type { AppContext } from "../context.js";
import { checkoutSessions, users } from "../db/schema.js";
import { badRequest, conflict, notFound } from "../http/errors.js";
import type { AuthUser } from "../http/auth-hook.js";
import { planForPrice } from "./catalogue.js";
import { applyCompletedCheckout } from "./checkout-completion.js";
import { createEventProcessor } from "./events.js";
import { getUserPlan } from "./plan-lookup.js";
import type { PaymentProvider } from "./providers/index.js";
import { isPaid, readCheckoutSession, readSubscription } from "./stripe-objects.js";
import { findSubscriptionRow, presentSubscription, rememberCustomer } from "./subscription-state.js";

export function createBillingService(ctx: AppContext, provider: PaymentProvider) {
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
    }
    return row;
  }

  async function status(userId: string): Promise<SubscriptionStatusResponse> {
    return presentSubscription(await getUserPlan(ctx.db, userId, ctx.now()));
  }

  return {
    events,
    provider,
    status,

    async createCheckout(user: AuthUser | null, priceId: string): Promise<UrlResponse> {
      const plan = planForPrice(ctx.config, priceId);
      if (!plan) throw badRequest("Unknown price", { field: "priceId" });
      let customerId: string | null = null;
      if (user) {
        const current = await getUserPlan(ctx.db, user.id, ctx.now());
        const row = await findSubscriptionRow(ctx.db, user.id);
        if (current.isActive && current.plan === plan) throw conflict(`You are already subscribed to the ${PLANS[plan].name} plan.`);
        if (current.isActive && row?.subscriptionId && row.customerId) {
          // One subscription per user: a different plan is a change of the existing one.
          return provider.createPortalSession({
            customerId: row.customerId,
            returnUrl: url("/"),
            switchTo: { subscriptionId: row.subscriptionId, plan },
          });
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

    async retrieveCheckoutDetails(sessionId: string): Promise<CheckoutSessionDetails> {
      const row = await completedSession(sessionId);
      if (row.status !== "complete" || !row.email || !row.userId) throw conflict("The payment for this checkout session is not complete.");
      const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, row.userId));
      return {
        customer: { email: row.email },
        planName: isPlanId(row.plan) ? PLANS[row.plan].name : row.plan,
        existingUser: !!user,
        pendingActivation: !!user && !user.passwordHash,
      };
    },

    async paymentSuccess(userId: string, sessionId: string): Promise<SubscriptionStatusResponse> {
      const row = await loadSession(sessionId);
      // Another user's session is indistinguishable from a missing one.
      if (!row || row.userId !== userId) throw notFound("Checkout session not found");
      const done = await completedSession(sessionId);
      if (done.status !== "complete") throw conflict("The payment for this checkout session is not complete.");
      return status(userId);
    },

    async activateAccount(input: ActivateAccountRequest): Promise<ActivateAccountResponse> {
      const row = await completedSession(input.sessionId);
      const email = input.email.trim().toLowerCase();
      if (row.status !== "complete" || !row.userId) throw conflict("The payment for this checkout session is not complete.");
      if (row.email !== email) throw badRequest("The email does not match the one used for payment.");
      const passwordHash = await hashPassword(input.password);
      const now = ctx.now();
      const [updated] = await ctx.db
        .update(users)
        .set({ passwordHash, emailConfirmedAt: now, updatedAt: now })
        // Only a pending account (created by the guest checkout) gets its first password here.
        .where(and(eq(users.id, row.userId), isNull(users.passwordHash)))
        .returning({ id: users.id });
      if (!updated) throw conflict("An account with this email already exists. Please sign in.");
      return { ok: true, email };
    },

    async createPortal(userId: string): Promise<UrlResponse> {
      const row = await findSubscriptionRow(ctx.db, userId);
      if (!row?.customerId || row.provider !== provider.kind) throw badRequest("No billing account found. Choose a plan first.");
      return provider.createPortalSession({ customerId: row.customerId, returnUrl: url("/") });
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
