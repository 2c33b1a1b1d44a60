// Annual billing and invoices through the HTTP API, with the built-in checkout and with
// Stripe (the real SDK against the local stub in ./stripe-stub.test-util.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, freshToken, request, type TestApp, type TestUser } from "../test/harness.js";
import { type StripeStub, startStripeStub, stripeInvoice } from "./stripe-stub.test-util.js";

const DAY = 86_400_000;

function helpers(get: () => TestApp) {
  const post = (url: string, user: TestUser | null, payload?: unknown) => request(get(), "POST", url, { user, payload });
  const getJson = (url: string, user: TestUser | null) => request(get(), "GET", url, { user });
  return { post, getJson };
}

describe("built-in checkout: annual billing and invoices", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  const { post, getJson } = helpers(() => t);

  async function pay(user: TestUser, body: { priceId: string; interval?: "month" | "year" }) {
    const res = await post("/api/stripe/create-checkout-session", user, body);
    expect(res.statusCode).toBe(200);
    const id = (res.json().url as string).split("/").pop()!;
    const details = (await getJson(`/api/stripe/test-checkout/${id}`, user)).json();
    const paid = await post(`/api/stripe/test-checkout/${id}/pay`, user, {});
    expect(paid.statusCode).toBe(200);
    return { id, details };
  }

  it("offers monthly and annual billing; a year costs ten months", async () => {
    const body = (await getJson("/api/stripe/plans", null)).json();
    expect(body.intervals).toEqual(["month", "year"]);
    const byId = Object.fromEntries(body.plans.map((p: { id: string }) => [p.id, p]));
    expect(byId.creator).toMatchObject({ price: 12, annualPrice: 120, priceId: "price_creator_monthly", annualPriceId: "price_creator_annual" });
    expect(byId.professional).toMatchObject({ price: 24, annualPrice: 240, annualPriceId: "price_professional_annual" });
  });

  it("an annual checkout charges the annual amount and runs for a year; the status says annual", async () => {
    const user = await createTestUser(t);
    const { details } = await pay(user, { priceId: "price_creator_monthly", interval: "year" });
    expect(details).toMatchObject({ planLabel: "Creator", price: 120, interval: "year" });
    const status = (await getJson("/api/stripe/subscription-status", user)).json();
    expect(status).toMatchObject({ isActive: true, planName: "creator", interval: "year" });
    const days = (new Date(status.currentPeriodEnd).getTime() - t.clock.now.getTime()) / DAY;
    expect(days).toBeGreaterThan(364.9); // period ends are whole seconds
    expect(days).toBeLessThanOrEqual(366);
    // Still active after 11 months (a monthly plan would have lapsed).
    t.clock.advance(330 * DAY);
    Object.assign(user, await freshToken(t, user));
    expect((await getJson("/api/stripe/subscription-status", user)).json()).toMatchObject({ isActive: true, interval: "year" });
  });

  it("a monthly checkout stays monthly; buying annual on the same plan goes to the portal as a switch", async () => {
    const user = await createTestUser(t);
    const { details } = await pay(user, { priceId: "price_professional_monthly" });
    expect(details).toMatchObject({ price: 24, interval: "month" });
    expect((await getJson("/api/stripe/subscription-status", user)).json()).toMatchObject({ interval: "month" });
    expect((await post("/api/stripe/create-checkout-session", user, { priceId: "price_professional_monthly" })).statusCode).toBe(409);
    const annual = await post("/api/stripe/create-checkout-session", user, { priceId: "price_professional_monthly", interval: "year" });
    expect(annual.json()).toEqual({ url: "http://localhost:3000/billing/portal?switch=professional&interval=year" });
    const sw = await post("/api/stripe/portal", user, { action: "switch", plan: "professional", interval: "year" });
    expect(sw.json()).toMatchObject({ isActive: true, planName: "professional", interval: "year" });
  });

  it("lists the owner's invoices (checkout, then a plan switch) and downloads a receipt; another user's is a 404", async () => {
    const user = await createTestUser(t, { fullName: "Ada Receipt" });
    expect((await getJson("/api/stripe/invoices", user)).json()).toEqual({ invoices: [] });
    await pay(user, { priceId: "price_creator_monthly", interval: "year" });
    t.clock.advance(1000);
    await post("/api/stripe/portal", user, { action: "switch", plan: "professional" });

    const list = (await getJson("/api/stripe/invoices", user)).json().invoices;
    // The switch a second into the year is prorated: $240 for the year less the $120 Creator credit.
    expect(list.map((i: { planName: string; amount: number; interval: string; status: string }) => [i.planName, i.amount, i.interval, i.status])).toEqual([
      ["Professional", 120, "year", "paid"],
      ["Creator", 120, "year", "paid"],
    ]);
    const first = list[1];
    expect(first.receiptIsLocal).toBe(true);

    const receipt = await getJson(first.receiptUrl, user);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers["content-type"]).toMatch(/^text\/html/);
    expect(receipt.headers["content-disposition"]).toMatch(/^attachment; filename="draftsmith-receipt-[0-9A-F]+\.html"$/);
    expect(receipt.body).toContain("Receipt from Draftsmith");
    expect(receipt.body).toContain("$120.00 USD");
    expect(receipt.body).toContain("Draftsmith Creator (Billed annually)");
    expect(receipt.body).toContain(user.email);

    const other = await createTestUser(t);
    expect((await getJson(first.receiptUrl, other)).statusCode).toBe(404);
    expect((await getJson("/api/stripe/invoices", other)).json()).toEqual({ invoices: [] });
    expect((await getJson(first.receiptUrl, null)).statusCode).toBe(401);
    expect((await getJson("/api/stripe/invoices/in_local_nope/receipt", user)).statusCode).toBe(404);
  });

  it("a guest purchase's invoice belongs to the account the payment created", async () => {
    const res = await post("/api/stripe/create-checkout-session", null, { priceId: "price_creator_monthly", interval: "year" });
    const id = (res.json().url as string).split("/").pop()!;
    expect((await getJson(`/api/stripe/test-checkout/${id}`, null)).json()).toMatchObject({ price: 120, interval: "year" });
    await post(`/api/stripe/test-checkout/${id}/pay`, null, { email: "annual.guest@example.com" });
    const guest = await createTestUser(t, { email: "someone-else@example.com" });
    expect((await getJson("/api/stripe/invoices", guest)).json()).toEqual({ invoices: [] });
  });
});

describe("Stripe: annual prices and invoices", () => {
  let stub: StripeStub;
  let monthlyOnly: TestApp;
  let withAnnual: TestApp;
  const stripeEnv = (stubUrl: string) => ({
    STRIPE_SECRET_KEY: "sk_test_123",
    STRIPE_WEBHOOK_SECRET: "whsec_test_secret",
    STRIPE_API_BASE: stubUrl,
    STRIPE_PRICE_CREATOR: "price_C",
    STRIPE_PRICE_PROFESSIONAL: "price_P",
  });
  beforeAll(async () => {
    stub = await startStripeStub();
    monthlyOnly = await createTestApp(stripeEnv(stub.url));
    withAnnual = await createTestApp({ ...stripeEnv(stub.url), STRIPE_PRICE_CREATOR_ANNUAL: "price_CY", STRIPE_PRICE_PROFESSIONAL_ANNUAL: "price_PY" });
  });
  afterAll(async () => {
    await monthlyOnly.close();
    await withAnnual.close();
    await stub.close();
  });

  it("without annual price ids only monthly billing is offered and an annual checkout is refused", async () => {
    const { post, getJson } = helpers(() => monthlyOnly);
    const body = (await getJson("/api/stripe/plans", null)).json();
    expect(body.intervals).toEqual(["month"]);
    expect(body.plans.every((p: { annualPriceId: string | null }) => p.annualPriceId === null)).toBe(true);
    const user = await createTestUser(monthlyOnly);
    const before = stub.requests.length;
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: "price_C", interval: "year" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Annual billing is not available. Choose monthly billing.");
    expect(stub.requests.slice(before).filter((r) => r.path === "/v1/checkout/sessions")).toHaveLength(0);
  });

  it("with annual price ids the annual checkout uses Stripe's annual price", async () => {
    const { post, getJson } = helpers(() => withAnnual);
    expect((await getJson("/api/stripe/plans", null)).json().intervals).toEqual(["month", "year"]);
    const user = await createTestUser(withAnnual);
    const before = stub.requests.length;
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: "price_P", interval: "year" });
    expect(res.statusCode).toBe(200);
    const created = stub.requests.slice(before).find((r) => r.path === "/v1/checkout/sessions")!;
    expect(created.params["line_items[0][price]"]).toBe("price_PY");
    // The annual price id alone buys a year too.
    const direct = stub.requests.length;
    await post("/api/stripe/create-checkout-session", user, { priceId: "price_CY" });
    expect(stub.requests.slice(direct).find((r) => r.path === "/v1/checkout/sessions")!.params["line_items[0][price]"]).toBe("price_CY");
  });

  it("lists the customer's Stripe invoices with Stripe's hosted receipts", async () => {
    const { post, getJson } = helpers(() => withAnnual);
    const user = await createTestUser(withAnnual);
    expect((await getJson("/api/stripe/invoices", user)).json()).toEqual({ invoices: [] });
    await post("/api/stripe/create-checkout-session", user, { priceId: "price_C" });
    const customer = stub.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.params.customer!;
    const created = Math.floor(withAnnual.clock.now.getTime() / 1000);
    stub.invoices.set(customer, [
      stripeInvoice({ id: "in_2", customer, priceId: "price_CY", amount: 12000, created }),
      stripeInvoice({ id: "in_1", customer, priceId: "price_C", amount: 1200, created: created - 86_400 }),
    ]);
    const before = stub.requests.length;
    const list = (await getJson("/api/stripe/invoices", user)).json().invoices;
    const call = stub.requests.slice(before).find((r) => r.path === "/v1/invoices")!;
    expect(call.params).toMatchObject({ customer });
    expect(list).toEqual([
      expect.objectContaining({ id: "in_2", planName: "Creator", interval: "year", amount: 120, status: "paid", receiptUrl: "https://invoice.stripe.test/i/in_2", receiptIsLocal: false }),
      expect.objectContaining({ id: "in_1", planName: "Creator", interval: "month", amount: 12, status: "paid" }),
    ]);
    // Another user sees none of them.
    const other = await createTestUser(withAnnual);
    expect((await getJson("/api/stripe/invoices", other)).json()).toEqual({ invoices: [] });
  });
});
