// Plan changes with the built-in checkout (issue 31): upgrades prorated at once, downgrades
// and annual → monthly at the end of the paid period (cancellable until then), the preview
// charging exactly what the change charges, invoices with a credit and a charge line.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getUserPlan } from "./plan-lookup.js";
import { createTestApp, createTestUser, freshToken, request, type TestApp, type TestUser } from "../test/harness.js";

const DAY = 86_400_000;
const sec = (iso: string | Date) => Math.floor(new Date(iso).getTime() / 1000);

describe("plan changes with the built-in checkout", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, user: TestUser, payload?: unknown) => request(t, "POST", url, { user, payload });
  const get = (url: string, user: TestUser) => request(t, "GET", url, { user });
  const status = async (user: TestUser) => (await get("/api/stripe/subscription-status", user)).json();
  const invoices = async (user: TestUser) => (await get("/api/stripe/invoices", user)).json().invoices;

  /** A user who paid for `plan` through the built-in checkout at the current clock. */
  async function subscribed(plan: "creator" | "professional", interval: "month" | "year") {
    const user = await createTestUser(t);
    const res = await post("/api/stripe/create-checkout-session", user, { priceId: `price_${plan}_monthly`, interval });
    const id = (res.json().url as string).split("/").pop()!;
    expect((await post(`/api/stripe/test-checkout/${id}/pay`, user, {})).statusCode).toBe(200);
    const s = await status(user);
    return { user, start: t.clock.now, end: new Date(s.currentPeriodEnd) };
  }
  /** Signs the user in again after the clock moved more than an hour. */
  const refresh = async (user: TestUser) => Object.assign(user, await freshToken(t, user));

  /** Stripe's proration of `cents` for the seconds left in [start, end] at `at`. */
  const prorate = (cents: number, start: Date, end: Date, at: Date) =>
    Math.round((cents * (sec(end) - sec(at))) / (sec(end) - sec(start)));

  it("Creator → Professional (monthly): charged the difference for the rest of the period at once; renewal date kept", async () => {
    const { user, start, end } = await subscribed("creator", "month");
    t.clock.advance(10 * DAY + 3_600_000);
    await refresh(user);
    const at = t.clock.now;
    const preview = await post("/api/billing/change-preview", user, { plan: "professional", interval: "month" });
    expect(preview.statusCode).toBe(200);
    const credit = prorate(1200, start, end, at);
    const charge = prorate(2400, start, end, at);
    expect(preview.json()).toMatchObject({
      plan: "professional",
      planName: "Professional",
      interval: "month",
      timing: "now",
      effectiveAt: new Date(sec(at) * 1000).toISOString(),
      amountDue: (charge - credit) / 100,
      credit: credit / 100,
      nextChargeAt: end.toISOString(),
      nextChargeAmount: 24,
      prorationDate: sec(at),
    });
    expect(preview.json().lines).toEqual([
      { description: expect.stringMatching(/^Unused time on Creator \(monthly\) after /), amount: -credit / 100 },
      { description: expect.stringMatching(/^Remaining time on Professional \(monthly\) after /), amount: charge / 100 },
    ]);
    // Nothing has changed yet.
    expect(await status(user)).toMatchObject({ planName: "creator" });

    // Confirmed two minutes later with the preview's moment: charged what the dialog said.
    t.clock.advance(120_000);
    const done = await post("/api/billing/change", user, { plan: "professional", interval: "month", prorationDate: preview.json().prorationDate });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ isActive: true, planName: "professional", interval: "month", currentPeriodEnd: end.toISOString(), scheduledChange: null });

    const list = await invoices(user);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ planName: "Professional", interval: "month", amount: (charge - credit) / 100, status: "paid" });
    expect(list[0].lines).toEqual(preview.json().lines);
    expect(list[1]).toMatchObject({ planName: "Creator", amount: 12 });
    expect(list[1].lines).toBeUndefined();
    const receipt = (await get(list[0].receiptUrl, user)).body;
    expect(receipt).toContain("Unused time on Creator (monthly)");
    expect(receipt).toContain(`−$${(credit / 100).toFixed(2)}`);
    expect(receipt).toContain(`$${((charge - credit) / 100).toFixed(2)} USD`);
  });

  it("monthly → annual on the same plan: a year starts now, less the unused month", async () => {
    const { user, start, end } = await subscribed("creator", "month");
    t.clock.advance(20 * DAY);
    await refresh(user);
    const at = t.clock.now;
    const preview = (await post("/api/billing/change-preview", user, { plan: "creator", interval: "year" })).json();
    const credit = prorate(1200, start, end, at);
    const yearEnd = new Date(sec(at) * 1000);
    yearEnd.setUTCFullYear(yearEnd.getUTCFullYear() + 1);
    expect(preview).toMatchObject({ timing: "now", amountDue: (12000 - credit) / 100, credit: credit / 100, nextChargeAt: yearEnd.toISOString(), nextChargeAmount: 120 });
    expect(preview.lines[1]).toEqual({ description: expect.stringMatching(/^Creator \(annual\) from .+ to /), amount: 120 });
    const done = (await post("/api/billing/change", user, { plan: "creator", interval: "year", prorationDate: preview.prorationDate })).json();
    expect(done).toMatchObject({ planName: "creator", interval: "year", currentPeriodEnd: yearEnd.toISOString() });
    expect((await invoices(user))[0]).toMatchObject({ planName: "Creator", interval: "year", amount: (12000 - credit) / 100 });
  });

  it("Professional annual → Creator: nothing charged now, Creator from the end of the paid year, then applied and invoiced", async () => {
    const { user, end } = await subscribed("professional", "year");
    t.clock.advance(30 * DAY);
    await refresh(user);
    const preview = (await post("/api/billing/change-preview", user, { plan: "creator", interval: "month" })).json();
    expect(preview).toMatchObject({ timing: "period_end", amountDue: 0, credit: 0, lines: [], effectiveAt: end.toISOString(), nextChargeAt: end.toISOString(), nextChargeAmount: 12 });

    const done = (await post("/api/billing/change", user, { plan: "creator", interval: "month" })).json();
    expect(done).toMatchObject({
      planName: "professional",
      interval: "year",
      currentPeriodEnd: end.toISOString(),
      scheduledChange: { plan: "creator", planName: "Creator", interval: "month", effectiveAt: end.toISOString(), amount: 12 },
    });
    // No second invoice: the $240 year stands.
    expect((await invoices(user)).map((i: { amount: number }) => i.amount)).toEqual([240]);

    // Still Professional the second before the year ends.
    t.clock.now = new Date(end.getTime() - 1000);
    await refresh(user);
    expect(await status(user)).toMatchObject({ planName: "professional", isActive: true });

    // When the year ends the subscription moves to Creator for a month, invoiced at $12.
    t.clock.now = new Date(end.getTime() + 3_600_000);
    // Before any billing page is opened, document limits and AI already see Creator, not Gratis.
    expect(await getUserPlan(t.ctx.db, user.id, t.clock.now)).toMatchObject({ plan: "creator", isActive: true });
    await refresh(user);
    const next = new Date(end);
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(await status(user)).toMatchObject({ isActive: true, planName: "creator", interval: "month", currentPeriodEnd: next.toISOString(), scheduledChange: null });
    const list = await invoices(user);
    expect(list.map((i: { planName: string; amount: number }) => [i.planName, i.amount])).toEqual([["Creator", 12], ["Professional", 240]]);
    expect(list[0].date).toBe(end.toISOString());
  });

  it("a scheduled change can be cancelled before the period ends: the plan stays", async () => {
    const { user, end } = await subscribed("professional", "year");
    const scheduled = (await post("/api/billing/change", user, { plan: "professional", interval: "month" })).json();
    expect(scheduled.scheduledChange).toMatchObject({ plan: "professional", interval: "month", effectiveAt: end.toISOString() });
    const kept = await request(t, "DELETE", "/api/billing/scheduled-change", { user });
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ planName: "professional", interval: "year", scheduledChange: null });
    expect((await request(t, "DELETE", "/api/billing/scheduled-change", { user })).statusCode).toBe(409);
    // Past the end nothing is applied (and the built-in checkout does not renew by itself).
    t.clock.now = new Date(end.getTime() + DAY);
    await refresh(user);
    expect(await status(user)).toMatchObject({ isActive: false, planName: "gratis" });
    expect(await invoices(user)).toHaveLength(1);
  });

  it("an upgrade replaces a scheduled downgrade; a stale preview moment is priced now; an ending plan cannot change", async () => {
    const { user, start, end } = await subscribed("creator", "year");
    await post("/api/billing/change", user, { plan: "creator", interval: "month" });
    t.clock.advance(DAY);
    await refresh(user);
    const old = sec(t.clock.now) - 3600; // an hour old: too old to honour
    const at = t.clock.now;
    const done = (await post("/api/billing/change", user, { plan: "professional", interval: "year", prorationDate: old })).json();
    expect(done).toMatchObject({ planName: "professional", interval: "year", scheduledChange: null, currentPeriodEnd: end.toISOString() });
    const due = prorate(24000, start, end, at) - prorate(12000, start, end, at);
    expect((await invoices(user))[0]).toMatchObject({ planName: "Professional", amount: due / 100 });

    expect((await post("/api/billing/change", user, { plan: "professional", interval: "year" })).statusCode).toBe(409);
    expect((await post("/api/stripe/portal", user, { action: "cancel" })).statusCode).toBe(200);
    const refused = await post("/api/billing/change-preview", user, { plan: "creator", interval: "year" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Your plan ends on .+\. Resume your subscription to change plans\.$/);
  });

  it("without a paid subscription there is nothing to change", async () => {
    const user = await createTestUser(t);
    const res = await post("/api/billing/change-preview", user, { plan: "creator", interval: "month" });
    expect(res.statusCode).toBe(409);
    expect((await post("/api/billing/change", user, { plan: "gratis", interval: "month" })).statusCode).toBe(400);
  });
});
