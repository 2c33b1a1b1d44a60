// The built-in test checkout and portal, end to end through the HTTP API.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkoutSessions, documents, stripeEvents, subscriptions, users } from "../db/schema.js";
import { createTestApp, createTestUser, freshToken, request, type TestApp, type TestUser } from "../test/harness.js";
import { outboxFor } from "../auth/auth.test-util.js";
import { getUserPlan } from "./plan-lookup.js";

const DAY = 86_400_000;

describe("built-in checkout and portal", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Access tokens last an hour: after moving the clock, sign the user in again. */
  async function renew(user: TestUser): Promise<void> {
    Object.assign(user, await freshToken(t, user));
  }
  const post = (url: string, user: TestUser | null, payload?: unknown) => request(t, "POST", url, { user, payload });
  const status = async (user: TestUser) =>
    (await request(t, "GET", "/api/stripe/subscription-status", { user })).json();
  const sessionIdOf = (url: string) => url.split("/").pop()!;

  async function checkout(user: TestUser | null, priceId = "price_creator_monthly") {
    const res = await post("/api/stripe/create-checkout-session", user, { priceId });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/checkout\/test\/cs_test_[0-9a-f]{32}$/);
    return sessionIdOf(url);
  }

  async function subscribe(user: TestUser, priceId = "price_creator_monthly") {
    const id = await checkout(user, priceId);
    const pay = await post(`/api/stripe/test-checkout/${id}/pay`, user, {});
    expect(pay.statusCode).toBe(200);
    return { id, redirectUrl: pay.json().redirectUrl as string };
  }

  it("lists the plans with configured price ids, Gratis without one", async () => {
    const res = await request(t, "GET", "/api/stripe/plans");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.provider).toBe("builtin");
    expect(body.plans.map((p: { id: string; priceId: string | null; price: number }) => [p.id, p.priceId, p.price])).toEqual([
      ["gratis", null, 0],
      ["creator", "price_creator_monthly", 12],
      ["professional", "price_professional_monthly", 24],
    ]);
  });

  it("rejects an unknown price with 400 and writes nothing", async () => {
    const user = await createTestUser(t);
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: "price_nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "validation_failed", message: "Unknown price" });
    const bad = await post("/api/stripe/create-checkout", user, {});
    expect(bad.statusCode).toBe(400);
    const rows = await t.ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id));
    expect(rows).toHaveLength(0);
  });

  it("a new user is on inactive Gratis", async () => {
    const user = await createTestUser(t);
    expect(await status(user)).toEqual({
      isActive: false,
      planName: "gratis",
      status: "inactive",
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
      interval: null,
      scheduledChange: null,
    });
    const anon = await request(t, "GET", "/api/stripe/subscription-status");
    expect(anon.statusCode).toBe(401);
  });

  it("shows the test checkout page details and pays: Creator active for a month, success URL returned", async () => {
    const user = await createTestUser(t);
    const id = await checkout(user);
    const details = await request(t, "GET", `/api/stripe/test-checkout/${id}`, { user });
    expect(details.json()).toMatchObject({ id, planName: "creator", planLabel: "Creator", price: 12, status: "open", needsEmail: false });

    const pay = await post(`/api/stripe/test-checkout/${id}/pay`, user, {});
    expect(pay.statusCode).toBe(200);
    expect(pay.json().redirectUrl).toBe(`http://localhost:3000/subscription-success?session_id=${id}`);
    const s = await status(user);
    expect(s).toMatchObject({ isActive: true, planName: "creator", status: "active", cancelAtPeriodEnd: false });
    const days = (new Date(s.currentPeriodEnd).getTime() - t.clock.now.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    // Paying twice is refused; payment-success confirms for the owner only.
    expect((await post(`/api/stripe/test-checkout/${id}/pay`, user, {})).statusCode).toBe(409);
    const ok = await post("/api/stripe/payment-success", user, { sessionId: id });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ isActive: true, planName: "creator" });
    const other = await createTestUser(t);
    expect((await post("/api/stripe/payment-success", other, { sessionId: id })).statusCode).toBe(404);
    expect((await post(`/api/stripe/test-checkout/${id}/pay`, other, {})).statusCode).toBe(404);
    // The events went through the event log.
    const evs = await t.ctx.db.select().from(stripeEvents);
    expect(evs.map((e) => e.type)).toEqual(expect.arrayContaining(["checkout.session.completed", "customer.subscription.created"]));
  });

  it("payment-success before paying is a 409, not a subscription", async () => {
    const user = await createTestUser(t);
    const id = await checkout(user);
    expect((await post("/api/stripe/payment-success", user, { sessionId: id })).statusCode).toBe(409);
    expect((await status(user)).isActive).toBe(false);
  });

  it("cancel leaves the user on Gratis and the link can no longer be paid", async () => {
    const user = await createTestUser(t);
    const id = await checkout(user);
    const res = await post(`/api/stripe/test-checkout/${id}/cancel`, user, {});
    expect(res.json()).toEqual({ redirectUrl: "http://localhost:3000/subscription-cancel" });
    expect((await post(`/api/stripe/test-checkout/${id}/pay`, user, {})).statusCode).toBe(409);
    expect(await status(user)).toMatchObject({ isActive: false, planName: "gratis" });
  });

  it("refuses a second checkout for the current plan and routes a plan change to the portal", async () => {
    const user = await createTestUser(t);
    await subscribe(user);
    const same = await post("/api/stripe/create-checkout-session", user, { priceId: "price_creator_monthly" });
    expect(same.statusCode).toBe(409);
    const up = await post("/api/stripe/create-checkout-session", user, { priceId: "price_professional_monthly" });
    expect(up.json()).toEqual({ url: "http://localhost:3000/billing/portal?switch=professional" });
  });

  it("portal: cancel at period end, resume, switch plan; create-portal gives the portal URL", async () => {
    const user = await createTestUser(t);
    expect((await post("/api/stripe/create-portal", user)).statusCode).toBe(400);
    expect((await post("/api/stripe/portal", user, { action: "cancel" })).statusCode).toBe(409);
    await subscribe(user);
    expect((await post("/api/stripe/create-portal", user)).json()).toEqual({ url: "http://localhost:3000/billing/portal" });

    const cancel = await post("/api/stripe/portal", user, { action: "cancel" });
    expect(cancel.json()).toMatchObject({ isActive: true, planName: "creator", cancelAtPeriodEnd: true });
    expect((await post("/api/stripe/portal", user, { action: "cancel" })).statusCode).toBe(409);
    t.clock.advance(1000);
    const resume = await post("/api/stripe/portal", user, { action: "resume" });
    expect(resume.json()).toMatchObject({ isActive: true, cancelAtPeriodEnd: false });
    t.clock.advance(1000);
    const sw = await post("/api/stripe/portal", user, { action: "switch", plan: "professional" });
    expect(sw.json()).toMatchObject({ isActive: true, planName: "professional" });
    expect((await getUserPlan(t.ctx.db, user.id, t.ctx.now())).plan).toBe("professional");
    expect((await post("/api/stripe/portal", user, { action: "switch", plan: "gratis" })).statusCode).toBe(400);
  });

  it("a subscription cancelled at period end lapses to Gratis after the period, keeping documents", async () => {
    const user = await createTestUser(t);
    await subscribe(user);
    for (let i = 0; i < 5; i++) await t.ctx.db.insert(documents).values({ userId: user.id, title: `Doc ${i}` });
    expect((await post("/api/ai/improve", user, { text: "This are a sentence." })).statusCode).toBe(200);
    await post("/api/stripe/portal", user, { action: "cancel" });
    t.clock.advance(15 * DAY);
    expect((await getUserPlan(t.ctx.db, user.id, t.ctx.now())).plan).toBe("creator");
    t.clock.advance(20 * DAY);
    await renew(user);
    const plan = await getUserPlan(t.ctx.db, user.id, t.ctx.now());
    expect(plan).toMatchObject({ plan: "gratis", isActive: false });
    expect(await status(user)).toMatchObject({ isActive: false, planName: "gratis" });
    const [counted] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(documents)
      .where(eq(documents.userId, user.id));
    expect(counted?.n).toBe(5);
    // Gratis limits everywhere: no new document beyond 3, no AI; the 5 documents stay readable.
    const create = await post("/api/documents", user, { title: "Sixth" });
    expect(create.statusCode).toBe(402);
    expect(create.json()).toMatchObject({ error: "upgrade_required", feature: "documents" });
    expect((await post("/api/ai/improve", user, { text: "This are a sentence." })).statusCode).toBe(402);
    const list = await request(t, "GET", "/api/documents", { user });
    expect(list.json()).toHaveLength(5);
    // Resuming after the end is refused: the period is over.
    expect((await post("/api/stripe/portal", user, { action: "resume" })).statusCode).toBe(409);
  });

  it("an expired test checkout link cannot be paid", async () => {
    const user = await createTestUser(t);
    const id = await checkout(user);
    t.clock.advance(25 * 60 * 60 * 1000);
    await renew(user);
    const details = await request(t, "GET", `/api/stripe/test-checkout/${id}`, { user });
    expect(details.json().status).toBe("expired");
    expect((await post(`/api/stripe/test-checkout/${id}/pay`, user, {})).statusCode).toBe(409);
  });

  describe("guest checkout (paid without an account)", () => {
    it("creates a pending account; activation sets its password but confirms it only through the emailed link", async () => {
      const id = await checkout(null);
      const details = await request(t, "GET", `/api/stripe/test-checkout/${id}`);
      expect(details.json()).toMatchObject({ needsEmail: true, email: null });
      expect((await post(`/api/stripe/test-checkout/${id}/pay`, null, {})).statusCode).toBe(400);
      // Not paid yet: retrieving the session is refused.
      expect((await post("/api/retrieve-checkout-session", null, { sessionId: id })).statusCode).toBe(409);

      const pay = await post(`/api/stripe/test-checkout/${id}/pay`, null, { email: "Guest.Buyer@Example.com" });
      expect(pay.json().redirectUrl).toBe(`http://localhost:3000/checkout-success?session_id=${id}`);
      // Holding the session id without a session does not hand out the buyer's email.
      const info = await post("/api/retrieve-checkout-session", null, { sessionId: id });
      expect(info.json()).toEqual({ customer: { email: null }, planName: "Creator", existingUser: false, pendingActivation: true });
      const [u] = await t.ctx.db.select().from(users).where(eq(users.email, "guest.buyer@example.com"));
      expect(u?.passwordHash).toBeNull();
      expect(u?.emailConfirmedAt).toBeNull();
      expect((await getUserPlan(t.ctx.db, u!.id, t.ctx.now())).plan).toBe("creator");

      const wrong = await post("/api/activate-account-from-stripe", null, { sessionId: id, email: "x@example.com", password: "secret-one-1" });
      expect(wrong.statusCode).toBe(400);
      const short = await post("/api/activate-account-from-stripe", null, { sessionId: id, email: "guest.buyer@example.com", password: "123" });
      expect(short.statusCode).toBe(400);
      const ok = await post("/api/activate-account-from-stripe", null, {
        sessionId: id,
        email: "guest.buyer@example.com",
        password: "secret-123-go",
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ ok: true, email: "guest.buyer@example.com", confirmEmail: true });
      const [after] = await t.ctx.db.select().from(users).where(eq(users.id, u!.id));
      expect(after?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // Paying with an address proves nothing about owning it: not confirmed, no sign-in yet.
      expect(after?.emailConfirmedAt).toBeNull();
      const signIn = () =>
        request(t, "POST", "/auth/v1/token?grant_type=password", { payload: { email: "guest.buyer@example.com", password: "secret-123-go" } });
      expect((await signIn()).json().error_code).toBe("email_not_confirmed");
      // The normal confirmation mail arrives; following it confirms and signs the buyer in.
      const [mail] = await outboxFor(t, "guest.buyer@example.com");
      expect(mail?.subject).toBe("Confirm your Draftsmith account");
      const verified = await request(t, "GET", mail!.links[0]!.url.replace("http://localhost:3000", ""));
      expect(verified.headers.location).toContain("access_token=");
      expect((await signIn()).statusCode).toBe(200);
      // A second activation changes nothing and answers the same.
      const again = await post("/api/activate-account-from-stripe", null, { sessionId: id, email: "guest.buyer@example.com", password: "other123" });
      expect(again.json()).toEqual(ok.json());
      expect((await signIn()).statusCode).toBe(200);
    });

    it("answers the same for an address that already has an account, and never touches that account", async () => {
      const existing = await createTestUser(t, { email: "has-account@example.com" });
      await t.ctx.db.update(users).set({ passwordHash: "$argon2id$placeholder" }).where(eq(users.id, existing.id));
      const id = await checkout(null, "price_professional_monthly");
      await post(`/api/stripe/test-checkout/${id}/pay`, null, { email: "has-account@example.com" });
      const guestView = (await post("/api/retrieve-checkout-session", null, { sessionId: id })).json();
      expect(guestView).toEqual({ customer: { email: null }, planName: "Professional", existingUser: false, pendingActivation: true });
      // The signed-in owner of the session sees its email.
      const ownerView = await post("/api/retrieve-checkout-session", existing, { sessionId: id });
      expect(ownerView.json()).toMatchObject({ customer: { email: "has-account@example.com" }, existingUser: true });
      const stranger = await createTestUser(t);
      expect((await post("/api/retrieve-checkout-session", stranger, { sessionId: id })).json().customer.email).toBeNull();

      const activate = await post("/api/activate-account-from-stripe", null, {
        sessionId: id,
        email: "has-account@example.com",
        password: "takeover1",
      });
      expect(activate.statusCode).toBe(200);
      expect(activate.json()).toEqual({ ok: true, email: "has-account@example.com", confirmEmail: true });
      const [kept] = await t.ctx.db.select().from(users).where(eq(users.id, existing.id));
      expect(kept?.passwordHash).toBe("$argon2id$placeholder");
      expect(await outboxFor(t, "has-account@example.com")).toHaveLength(0);
      expect((await status(existing)).planName).toBe("professional");
      const [sub] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, existing.id));
      expect(sub?.customerId).toMatch(/^cus_local_/);
    });

    it("unknown session ids are 404", async () => {
      expect((await post("/api/retrieve-checkout-session", null, { sessionId: "cs_test_nope" })).statusCode).toBe(404);
      expect((await post("/api/retrieve-checkout-session", null, {})).statusCode).toBe(400);
    });
  });

  it("limits checkout creation per client (429 with Retry-After), then recovers", async () => {
    const create = () =>
      t.app.inject({
        method: "POST",
        url: "/api/stripe/create-checkout-session",
        remoteAddress: "10.9.9.9",
        payload: { priceId: "price_creator_monthly" },
      });
    for (let i = 0; i < 30; i++) expect((await create()).statusCode).toBe(200);
    const limited = await create();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    t.clock.advance(10 * 60_000);
    expect((await create()).statusCode).toBe(200);
  });

  it("the webhook endpoint refuses everything without a Stripe configuration", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      payload: JSON.stringify({ id: "evt_1", type: "invoice.paid", created: 1, data: { object: {} } }),
    });
    expect(res.statusCode).toBe(400);
    expect(await t.ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, "evt_1"))).toHaveLength(0);
  });
});
