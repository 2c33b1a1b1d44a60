// Plan changes with Stripe (issue 31): the real SDK against the local stub. An upgrade is
// Stripe's own proration (invoices.createPreview, then subscriptions.update with
// proration_behavior always_invoice and the preview's proration_date), a downgrade a
// subscription schedule that moves the price when the period ends; no second checkout.
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscriptions } from "../db/schema.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { type StripeStub, startStripeStub, stripeSubscription } from "./stripe-stub.test-util.js";

const SECRET = "whsec_test_secret";
const DAY = 86_400;

describe("plan changes with Stripe", () => {
  let t: TestApp;
  let stub: StripeStub;
  beforeAll(async () => {
    stub = await startStripeStub();
    stub.prices.set("price_C", { unitAmount: 1200, interval: "month", product: "Creator" });
    stub.prices.set("price_P", { unitAmount: 2400, interval: "month", product: "Professional" });
    stub.prices.set("price_CY", { unitAmount: 12000, interval: "year", product: "Creator" });
    stub.prices.set("price_PY", { unitAmount: 24000, interval: "year", product: "Professional" });
    t = await createTestApp({
      STRIPE_SECRET_KEY: "sk_test_123",
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: stub.url,
      STRIPE_PRICE_CREATOR: "price_C",
      STRIPE_PRICE_PROFESSIONAL: "price_P",
      STRIPE_PRICE_CREATOR_ANNUAL: "price_CY",
      STRIPE_PRICE_PROFESSIONAL_ANNUAL: "price_PY",
    });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  const nowSec = () => Math.floor(t.clock.now.getTime() / 1000);
  const post = (url: string, user: TestUser, payload?: unknown) => request(t, "POST", url, { user, payload });
  const status = async (user: TestUser) => (await request(t, "GET", "/api/stripe/subscription-status", { user })).json();
  const callsSince = (n: number, path: string | RegExp) =>
    stub.requests.slice(n).filter((r) => (typeof path === "string" ? r.path === path : path.test(r.path)));

  /** A user with an active Stripe subscription on `priceId` that started `daysAgo` days ago. */
  async function subscribed(plan: "creator" | "professional", priceId: string, interval: "month" | "year", daysAgo: number) {
    const user = await createTestUser(t);
    const id = `sub_${user.id.slice(0, 8)}`;
    const customer = `cus_${user.id.slice(0, 8)}`;
    const start = nowSec() - daysAgo * DAY;
    const end = Math.floor(new Date(new Date(start * 1000).setUTCMonth(new Date(start * 1000).getUTCMonth() + (interval === "year" ? 12 : 1))).getTime() / 1000);
    stub.subscriptions.set(id, stripeSubscription({ id, customer, priceId, periodStart: start, periodEnd: end }));
    await t.ctx.db.insert(subscriptions).values({
      userId: user.id,
      provider: "stripe",
      customerId: customer,
      subscriptionId: id,
      plan,
      priceId,
      status: "active",
      currentPeriodStart: new Date(start * 1000),
      currentPeriodEnd: new Date(end * 1000),
      stateAt: new Date((start + 1) * 1000),
    });
    return { user, id, customer, start, end };
  }

  function deliver(ev: unknown) {
    const payload = JSON.stringify(ev);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowSec() });
    return t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
  }

  it("an upgrade is priced by Stripe's preview and charged by subscriptions.update with the same proration date", async () => {
    const { user, id, customer, start, end } = await subscribed("creator", "price_C", "month", 10);
    const at = nowSec();
    const before = stub.requests.length;
    const preview = await post("/api/billing/change-preview", user, { plan: "professional", interval: "month" });
    expect(preview.statusCode).toBe(200);
    const [call] = callsSince(before, "/v1/invoices/create_preview");
    expect(call!.params).toMatchObject({
      customer,
      subscription: id,
      "subscription_details[items][0][id]": `si_${id}`,
      "subscription_details[items][0][price]": "price_P",
      "subscription_details[proration_behavior]": "always_invoice",
      "subscription_details[proration_date]": String(at),
    });
    const fraction = (end - at) / (end - start);
    const credit = Math.round(1200 * fraction);
    const charge = Math.round(2400 * fraction);
    expect(preview.json()).toMatchObject({ timing: "now", amountDue: (charge - credit) / 100, credit: credit / 100, prorationDate: at });
    expect(preview.json().lines).toEqual([
      { description: expect.stringMatching(/^Unused time on Creator after /), amount: -credit / 100 },
      { description: expect.stringMatching(/^Remaining time on Professional after /), amount: charge / 100 },
    ]);

    t.clock.advance(90_000);
    const mark = stub.requests.length;
    const done = await post("/api/billing/change", user, { plan: "professional", interval: "month", prorationDate: at });
    expect(done.statusCode).toBe(200);
    expect(callsSince(mark, "/v1/checkout/sessions")).toHaveLength(0);
    const [update] = callsSince(mark, `/v1/subscriptions/${id}`).filter((r) => r.method === "POST");
    expect(update!.params).toMatchObject({
      "items[0][id]": `si_${id}`,
      "items[0][price]": "price_P",
      proration_behavior: "always_invoice",
      proration_date: String(at),
      payment_behavior: "error_if_incomplete",
    });
    expect(done.json()).toMatchObject({ isActive: true, planName: "professional", interval: "month", currentPeriodEnd: new Date(end * 1000).toISOString() });

    // The invoice Stripe created is listed with its credit and charge lines, as previewed.
    const invoices = (await request(t, "GET", "/api/stripe/invoices", { user })).json().invoices;
    expect(invoices[0]).toMatchObject({ planName: "Professional", interval: "month", amount: (charge - credit) / 100, status: "paid" });
    expect(invoices[0].lines).toEqual(preview.json().lines);
  });

  it("monthly → annual: Stripe starts a new annual period now, less the unused month", async () => {
    const { user, id, start, end } = await subscribed("creator", "price_C", "month", 20);
    const at = nowSec();
    const preview = (await post("/api/billing/change-preview", user, { plan: "creator", interval: "year" })).json();
    const credit = Math.round((1200 * (end - at)) / (end - start));
    expect(preview).toMatchObject({ timing: "now", amountDue: (12000 - credit) / 100, credit: credit / 100 });
    const done = (await post("/api/billing/change", user, { plan: "creator", interval: "year", prorationDate: preview.prorationDate })).json();
    const yearEnd = new Date(at * 1000);
    yearEnd.setUTCFullYear(yearEnd.getUTCFullYear() + 1);
    expect(done).toMatchObject({ planName: "creator", interval: "year", currentPeriodEnd: yearEnd.toISOString() });
    expect(stub.subscriptions.get(id)).toMatchObject({ items: { data: [{ price: { id: "price_CY" } }] } });
  });

  it("a downgrade is a subscription schedule moving the price at the period's end; cancelling releases it", async () => {
    const { user, id, start, end } = await subscribed("professional", "price_PY", "year", 30);
    const preview = (await post("/api/billing/change-preview", user, { plan: "creator", interval: "month" })).json();
    expect(preview).toMatchObject({ timing: "period_end", amountDue: 0, effectiveAt: new Date(end * 1000).toISOString(), nextChargeAmount: 12 });

    const mark = stub.requests.length;
    const done = await post("/api/billing/change", user, { plan: "creator", interval: "month" });
    expect(done.statusCode).toBe(200);
    const [created] = callsSince(mark, "/v1/subscription_schedules");
    expect(created!.params).toEqual({ from_subscription: id });
    const scheduleId = (stub.subscriptions.get(id) as { schedule: string }).schedule;
    const [updated] = callsSince(mark, `/v1/subscription_schedules/${scheduleId}`);
    expect(updated!.params).toMatchObject({
      end_behavior: "release",
      "phases[0][items][0][price]": "price_PY",
      "phases[0][start_date]": String(start),
      "phases[0][end_date]": String(end),
      "phases[1][items][0][price]": "price_C",
      "phases[1][duration][interval]": "month",
      "phases[1][duration][interval_count]": "1",
    });
    expect(callsSince(mark, `/v1/subscriptions/${id}`).filter((r) => r.method === "POST")).toHaveLength(0);
    expect(done.json()).toMatchObject({
      planName: "professional",
      interval: "year",
      scheduledChange: { plan: "creator", interval: "month", effectiveAt: new Date(end * 1000).toISOString() },
    });

    const kept = await request(t, "DELETE", "/api/billing/scheduled-change", { user });
    expect(kept.json()).toMatchObject({ planName: "professional", scheduledChange: null });
    expect(callsSince(mark, `/v1/subscription_schedules/${scheduleId}/release`)).toHaveLength(1);
    expect(stub.schedules.get(scheduleId)).toMatchObject({ status: "released" });
  });

  it("when the period ends Stripe moves the subscription (webhook) and the scheduled change is done", async () => {
    const { user, id, customer, end } = await subscribed("professional", "price_PY", "year", 30);
    await post("/api/billing/change", user, { plan: "creator", interval: "year" });
    expect((await status(user)).scheduledChange).toMatchObject({ plan: "creator", interval: "year" });

    t.clock.now = new Date((end + 60) * 1000);
    const moved = stripeSubscription({ id, customer, priceId: "price_CY", periodStart: end, periodEnd: end + 365 * DAY });
    const res = await deliver({ id: `evt_moved_${id}`, object: "event", type: "customer.subscription.updated", created: end + 5, data: { object: moved } });
    expect(res.statusCode).toBe(200);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.subscriptionId, id));
    expect(row).toMatchObject({ plan: "creator", priceId: "price_CY", scheduledPriceId: null, scheduledAt: null, scheduleId: null });
  });

  it("a schedule released in Stripe's dashboard drops the scheduled change (webhook)", async () => {
    const { user, id } = await subscribed("professional", "price_P", "month", 3);
    await post("/api/billing/change", user, { plan: "creator", interval: "month" });
    const scheduleId = (stub.subscriptions.get(id) as { schedule: string }).schedule;
    const res = await deliver({
      id: `evt_released_${scheduleId}`,
      object: "event",
      type: "subscription_schedule.released",
      created: nowSec(),
      data: { object: { id: scheduleId, object: "subscription_schedule", status: "released" } },
    });
    expect(res.statusCode).toBe(200);
    expect((await status(user)).scheduledChange).toBeNull();
  });

  it("choosing a plan while subscribed leads to the plan change on the billing page, not a second checkout", async () => {
    const { user } = await subscribed("creator", "price_C", "month", 1);
    const mark = stub.requests.length;
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: "price_P" });
    expect(res.json()).toEqual({ url: "http://localhost:3000/billing/portal?switch=professional" });
    expect(stub.requests.length).toBe(mark);
  });
});
