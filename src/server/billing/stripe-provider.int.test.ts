// Stripe mode: the real SDK against a local stub of the Stripe API, and signed webhooks.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, stripeEvents, subscriptions } from "../db/schema.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { getUserPlan } from "./plan-lookup.js";
import { type StripeStub, startStripeStub, stripeSubscription } from "./stripe-stub.test-util.js";

const SECRET = "whsec_test_secret";
const DAY = 86_400;

describe("Stripe provider and webhooks", () => {
  let t: TestApp;
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub();
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stub.url,
      STRIPE_PRICE_CREATOR: "price_C",
      STRIPE_PRICE_PROFESSIONAL: "price_P",
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const nowSec = () => Math.floor(t.clock.now.getTime() / 1000);
  const post = (url: string, user: TestUser | null, payload?: unknown) => request(t, "POST", url, { user, payload });
  const plan = (userId: string) => getUserPlan(t.ctx.db, userId, t.ctx.now());
  const eventCount = async () => (await t.ctx.db.select().from(stripeEvents)).length;
  let evtN = 0;
  const event = (type: string, object: unknown, created = nowSec()) => ({
    id: `evt_${++evtN}_${type.replaceAll(".", "_")}`,
    object: "event",
    type,
    created,
    data: { object },
  });

  function deliver(payload: string, opts: { timestamp?: number; secret?: string; signature?: string } = {}) {
    const signature =
      opts.signature ??
      Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? SECRET, timestamp: opts.timestamp ?? nowSec() });
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
      payload,
    });
  }
  const send = (ev: unknown) => deliver(JSON.stringify(ev));

  async function checkoutAs(user: TestUser, priceId = "price_C") {
    const res = await post("/api/stripe/create-checkout-session", user, { priceId });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    const id = url.split("/").pop()!;
    return { id, url };
  }

  /** Stripe-side completion of a checkout: the session is paid and a subscription exists. */
  function completeOnStripe(sessionId: string, customer: string, subId: string, priceId = "price_C", periodEnd = nowSec() + 30 * DAY) {
    const sub = stripeSubscription({ id: subId, customer, priceId, periodEnd });
    stub.subscriptions.set(subId, sub);
    const session = {
      ...stub.sessions.get(sessionId),
      status: "complete",
      payment_status: "paid",
      subscription: subId,
      customer_details: { email: "buyer@example.com", name: null },
    };
    stub.sessions.set(sessionId, session);
    return { session, sub };
  }

  it("creates a subscription-mode checkout with the user's (new, then reused) customer and our return URLs", async () => {
    const user = await createTestUser(t, { email: "sub1@example.com", fullName: "Sub One" });
    const before = stub.requests.length;
    const { url } = await checkoutAs(user);
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_stub\d+$/);
    const calls = stub.requests.slice(before);
    const customer = calls.find((r) => r.path === "/v1/customers")!;
    expect(customer.params).toMatchObject({ email: "sub1@example.com", name: "Sub One", "metadata[userId]": user.id });
    expect(customer.headers.authorization).toBe("Bearer sk_test_123");
    const created = calls.find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": "price_C",
      "line_items[0][quantity]": "1",
      customer: "cus_stub1",
      client_reference_id: user.id,
      success_url: "http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://localhost:3000/subscription-cancel",
      "subscription_data[metadata][userId]": user.id,
    });
    const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(sub).toMatchObject({ customerId: "cus_stub1", provider: "stripe", status: "inactive" });

    const again = stub.requests.length;
    await checkoutAs(user, "price_P");
    expect(stub.requests.slice(again).map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    expect(stub.requests.at(-1)!.params.customer).toBe("cus_stub1");
  });

  it("a guest checkout has no customer and returns to /checkout-success", async () => {
    const res = await post("/api/stripe/create-checkout", null, { priceId: "price_P" });
    expect(res.statusCode).toBe(200);
    const last = stub.requests.at(-1)!;
    expect(last.path).toBe("/v1/checkout/sessions");
    expect(last.params.customer).toBeUndefined();
    expect(last.params.success_url).toBe("http://localhost:3000/checkout-success?session_id={CHECKOUT_SESSION_ID}");
  });

  it("an outage at Stripe is a 502 with a plain message, not a 500", async () => {
    const user = await createTestUser(t);
    stub.failNext(10);
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: "price_C" });
    stub.failNext(0);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: "bad_gateway" });
  });

  it("checkout.session.completed activates the plan (subscription read from Stripe); a duplicate does nothing", async () => {
    const user = await createTestUser(t);
    const { id } = await checkoutAs(user);
    const { session } = completeOnStripe(id, "cus_for_user", "sub_A");
    const ev = event("checkout.session.completed", session);
    const res = await send(ev);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await plan(user.id)).toMatchObject({ plan: "creator", isActive: true });
    const [row] = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(row).toMatchObject({ status: "complete", subscriptionId: "sub_A" });

    const count = await eventCount();
    const reads = stub.requests.filter((r) => r.path === "/v1/subscriptions/sub_A").length;
    expect((await send(ev)).statusCode).toBe(200);
    expect(await eventCount()).toBe(count);
    expect(stub.requests.filter((r) => r.path === "/v1/subscriptions/sub_A")).toHaveLength(reads);
  });

  it("the same event delivered twice at once is applied once", async () => {
    const user = await createTestUser(t);
    const { id } = await checkoutAs(user);
    const { session } = completeOnStripe(id, "cus_par", "sub_par");
    const payload = JSON.stringify(event("checkout.session.completed", session));
    const [a, b] = await Promise.all([deliver(payload), deliver(payload)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const evId = JSON.parse(payload).id as string;
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, evId))).toHaveLength(1);
    expect(await plan(user.id)).toMatchObject({ plan: "creator", isActive: true });
  });

  it("payment-success works before the webhook arrives (asks Stripe), and create-portal opens Stripe's portal", async () => {
    const user = await createTestUser(t);
    const { id } = await checkoutAs(user, "price_P");
    expect((await post("/api/stripe/payment-success", user, { sessionId: id })).statusCode).toBe(409);
    completeOnStripe(id, "cus_stub_x", "sub_B", "price_P");
    const ok = await post("/api/stripe/payment-success", user, { sessionId: id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ isActive: true, planName: "professional", status: "active" });

    const portal = await post("/api/stripe/create-portal", user);
    expect(portal.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_stub\d+$/);
    expect(stub.requests.at(-1)!.params).toMatchObject({ return_url: "http://localhost:3000/" });
    // The built-in portal and test checkout are off in Stripe mode.
    expect((await post("/api/stripe/portal", user, { action: "cancel" })).statusCode).toBe(404);
  });

  describe("event ordering", () => {
    let user: TestUser;
    const SUB = "sub_order";
    const CUS = "cus_order";
    beforeAll(async () => {
      user = await createTestUser(t);
      const { id } = await checkoutAs(user);
      const { session } = completeOnStripe(id, CUS, SUB);
      await send(event("checkout.session.completed", session));
    });

    it("an older subscription update delivered late does not roll back a newer one", async () => {
      const T = nowSec();
      const newer = stripeSubscription({ id: SUB, customer: CUS, priceId: "price_C", periodEnd: T + 30 * DAY, cancelAtPeriodEnd: true });
      const older = stripeSubscription({ id: SUB, customer: CUS, priceId: "price_P", periodEnd: T + 30 * DAY });
      t.clock.advance(10_000);
      await send(event("customer.subscription.updated", newer, T + 5));
      await send(event("customer.subscription.updated", older, T + 2));
      expect(await plan(user.id)).toMatchObject({ plan: "creator", cancelAtPeriodEnd: true, isActive: true });
    });

    it("invoice.payment_failed lapses to Gratis; a later invoice.paid restores and extends", async () => {
      const T = nowSec();
      const invoice = (periodEnd: number) => ({
        id: `in_${periodEnd}`,
        object: "invoice",
        customer: CUS,
        parent: { type: "subscription_details", subscription_details: { subscription: SUB } },
        lines: { object: "list", data: [{ id: "il_1", period: { start: T, end: periodEnd } }] },
      });
      await send(event("invoice.payment_failed", invoice(T + 30 * DAY), T + 20));
      expect(await plan(user.id)).toMatchObject({ plan: "gratis", isActive: false, status: "past_due" });
      await send(event("invoice.paid", invoice(T + 60 * DAY), T + 30));
      const p = await plan(user.id);
      expect(p).toMatchObject({ plan: "creator", isActive: true });
      expect(p.currentPeriodEnd?.getTime()).toBe((T + 60 * DAY) * 1000);
      // The failure redelivered later (it is older) changes nothing.
      await send(event("invoice.payment_failed", invoice(T + 30 * DAY), T + 20));
      expect((await plan(user.id)).isActive).toBe(true);
    });

    it("customer.subscription.deleted ends the plan; documents limits return to Gratis", async () => {
      const T = nowSec();
      const sub = stripeSubscription({ id: SUB, customer: CUS, priceId: "price_C", status: "canceled", periodEnd: T });
      await send(event("customer.subscription.deleted", sub, T + 100));
      expect(await plan(user.id)).toMatchObject({ plan: "gratis", isActive: false, status: "canceled" });
    });

    it("a new subscription is not ended by the old one's late events", async () => {
      const T = nowSec();
      const fresh = stripeSubscription({ id: "sub_new", customer: CUS, priceId: "price_P", periodEnd: T + 30 * DAY });
      await send(event("customer.subscription.created", fresh, T + 200));
      expect(await plan(user.id)).toMatchObject({ plan: "professional", isActive: true });
      const oldGone = stripeSubscription({ id: SUB, customer: CUS, priceId: "price_C", status: "canceled", periodEnd: T });
      await send(event("customer.subscription.deleted", oldGone, T + 300));
      expect(await plan(user.id)).toMatchObject({ plan: "professional", isActive: true });
    });

    it("after the paid period ends without renewal the user is on Gratis", async () => {
      t.clock.advance(31 * DAY * 1000);
      expect(await plan(user.id)).toMatchObject({ plan: "gratis", isActive: false, status: "expired" });
    });
  });

  it("unknown event types are acknowledged and recorded, with no change", async () => {
    const res = await send(event("customer.created", { id: "cus_zzz", object: "customer" }));
    expect(res.statusCode).toBe(200);
  });

  describe("webhook verification: 400 and nothing written", () => {
    let user: TestUser;
    let payload: string;
    let evId: string;
    beforeAll(async () => {
      user = await createTestUser(t);
      const { id } = await checkoutAs(user);
      const { session } = completeOnStripe(id, "cus_sig", "sub_sig");
      const ev = event("checkout.session.completed", session);
      evId = ev.id;
      payload = JSON.stringify(ev);
    });
    const nothingWritten = async () => {
      expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, evId))).toHaveLength(0);
      expect((await plan(user.id)).isActive).toBe(false);
    };

    it("wrong secret", async () => {
      const res = await deliver(payload, { secret: "whsec_other" });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: "Webhook signature verification failed" });
      await nothingWritten();
    });
    it("missing or garbage signature header", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/stripe/webhook",
        headers: { "content-type": "application/json" },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect((await deliver(payload, { signature: "nonsense" })).statusCode).toBe(400);
      await nothingWritten();
    });
    it("stale timestamp (older than 5 minutes)", async () => {
      expect((await deliver(payload, { timestamp: nowSec() - 301 })).statusCode).toBe(400);
      await nothingWritten();
    });
    it("re-serialized body (same JSON, different bytes)", async () => {
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowSec() });
      const reserialized = JSON.stringify(JSON.parse(payload), null, 2);
      expect((await deliver(reserialized, { signature })).statusCode).toBe(400);
      await nothingWritten();
    });
    it("the authentic delivery is then accepted", async () => {
      expect((await deliver(payload)).statusCode).toBe(200);
      expect((await plan(user.id)).isActive).toBe(true);
    });
  });
  it("deleting the account cancels the live Stripe subscription first", async () => {
    const user = await createTestUser(t);
    const sub = stripeSubscription({ id: "sub_delete_me", customer: "cus_delete_me", priceId: t.config.STRIPE_PRICE_CREATOR, status: "active", periodEnd: Math.floor(t.ctx.now().getTime() / 1000) + 86_400 });
    stub.subscriptions.set("sub_delete_me", sub);
    const now = t.ctx.now();
    await t.ctx.db.insert(subscriptions).values({
      userId: user.id,
      provider: "stripe",
      customerId: "cus_delete_me",
      subscriptionId: "sub_delete_me",
      plan: "creator",
      status: "active",
      currentPeriodEnd: new Date(now.getTime() + 86_400_000),
      stateAt: now,
    });
    const res = await request(t, "DELETE", "/api/account", { user, payload: { confirmEmail: user.email } });
    expect(res.statusCode).toBeLessThan(300);
    expect(stub.requests.some((r) => r.method === "DELETE" && r.path === "/v1/subscriptions/sub_delete_me")).toBe(true);
    expect((stub.subscriptions.get("sub_delete_me") as { status: string }).status).toBe("canceled");
  });
});
