// Monthly token quotas: reserve/settle/release against the real database, under concurrency.
// The HTTP calls go to an upstream model (the local OpenAI-compatible stub): only those are
// metered, the built-in offline engine costs nothing (metering.int.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestUser, request, type TestApp } from "../test/harness.js";
import { createOpenAiTestApp } from "./ai.test-util.js";
import { monthKey, releaseTokens, reserveTokens, settleTokens } from "./quota.js";

describe("AI token quotas", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createOpenAiTestApp({ stub: { reply: () => "We are glad to help you." } });
  });
  afterAll(async () => t.close());

  const setUsed = (userId: string, used: number) =>
    t.database.sql.query(
      `INSERT INTO ai_usage (user_id, month, tokens_used) VALUES ($1, $2, $3)
       ON CONFLICT (user_id, month) DO UPDATE SET tokens_used = $3, tokens_reserved = 0`,
      [userId, monthKey(t.clock.now), used],
    );
  const row = async (userId: string) =>
    (
      await t.database.sql.query<{ tokens_used: string; tokens_reserved: string }>(
        "SELECT tokens_used, tokens_reserved FROM ai_usage WHERE user_id = $1 AND month = $2",
        [userId, monthKey(t.clock.now)],
      )
    )[0]!;

  it("never lets concurrent calls pass the quota by more than one call's cap", async () => {
    const user = await createTestUser(t, { plan: "creator" });
    const limit = 1000;
    const cap = 150;
    const attempts = await Promise.allSettled(
      Array.from({ length: 40 }, () => reserveTokens(t.database.sql, user.id, limit, cap, t.clock.now)),
    );
    const won = attempts.filter((a) => a.status === "fulfilled");
    // 7 reservations fit under 1000 (0, 150, …, 900 are all below the limit); the 8th must fail.
    expect(won).toHaveLength(7);
    for (const a of attempts) if (a.status === "rejected") expect((a.reason as { status: number }).status).toBe(429);
    // Every winner uses its whole cap: the month ends at most one cap over the limit.
    await Promise.all(won.map((a) => settleTokens(t.database.sql, (a as PromiseFulfilledResult<Awaited<ReturnType<typeof reserveTokens>>>).value, cap)));
    const r = await row(user.id);
    expect(Number(r.tokens_used)).toBe(1050);
    expect(Number(r.tokens_used)).toBeLessThanOrEqual(limit + cap);
    expect(Number(r.tokens_reserved)).toBe(0);
  });

  it("releases a failed call's reservation and books only real usage", async () => {
    const user = await createTestUser(t, { plan: "creator" });
    const r1 = await reserveTokens(t.database.sql, user.id, 5000, 400, t.clock.now);
    expect(Number((await row(user.id)).tokens_reserved)).toBe(400);
    await releaseTokens(t.database.sql, r1);
    const r2 = await reserveTokens(t.database.sql, user.id, 5000, 400, t.clock.now);
    const balance = await settleTokens(t.database.sql, r2, 37);
    expect(balance).toEqual({ tokens: 37, used: 37, limit: 5000, remaining: 4963 });
    expect(await row(user.id)).toMatchObject({ tokens_reserved: expect.anything() });
    expect(Number((await row(user.id)).tokens_reserved)).toBe(0);
  });

  it("forgets reservations left behind by a crashed process after 15 minutes", async () => {
    const user = await createTestUser(t, { plan: "creator" });
    await t.database.sql.query(
      `INSERT INTO ai_usage (user_id, month, tokens_used, tokens_reserved, updated_at) VALUES ($1, $2, 100, 49900, now())`,
      [user.id, monthKey(t.clock.now)],
    );
    await expect(reserveTokens(t.database.sql, user.id, 50_000, 10, t.clock.now)).rejects.toMatchObject({ status: 429 });
    await t.database.sql.query("UPDATE ai_usage SET updated_at = now() - interval '16 minutes' WHERE user_id = $1", [user.id]);
    const r = await reserveTokens(t.database.sql, user.id, 50_000, 10, t.clock.now);
    expect(Number((await row(user.id)).tokens_reserved)).toBe(10);
    await settleTokens(t.database.sql, r, 5);
    expect(Number((await row(user.id)).tokens_used)).toBe(105);
  });

  it("answers 429 with a clear message once the month is used up, and renews next month", async () => {
    const user = await createTestUser(t, { plan: "creator" });
    await setUsed(user.id, 50_000);
    const res = await request(t, "POST", "/api/ai/improve", { user, payload: { text: "Hello there." } });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: "quota_exceeded", remaining: 0, limit: 50_000 });
    expect(res.json().message).toMatch(/used all 50,000 AI tokens/);
    expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);

    const usage = await request(t, "GET", "/api/ai/usage", { user });
    expect(usage.json()).toEqual({ plan: "creator", used: 50_000, limit: 50_000, remaining: 0 });

    // A new calendar month (UTC) starts from zero.
    const now = t.clock.now;
    const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 0, 1));
    const r = await reserveTokens(t.database.sql, user.id, 50_000, 100, nextMonth);
    expect(r.month).toBe(monthKey(nextMonth));
    expect(await settleTokens(t.database.sql, r, 60)).toMatchObject({ used: 60, remaining: 49_940 });
  });

  it("spends tokens per call and returns the balance; concurrent HTTP calls near the limit overshoot by at most one cap", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const first = await request(t, "POST", "/api/ai/rewrite", { user, payload: { text: "We will assist you.", style: "casual" } });
    const usage = first.json().usage;
    expect(usage.limit).toBe(100_000);
    expect(usage.used).toBe(usage.tokens);
    expect(usage.remaining).toBe(100_000 - usage.used);

    await setUsed(user.id, 99_990);
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        request(t, "POST", "/api/ai/rewrite", { user, payload: { text: "We will assist you today.", style: "casual" } }),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(2);
    const used = Number((await row(user.id)).tokens_used);
    expect(used).toBeGreaterThan(99_990);
    expect(used - 100_000).toBeLessThanOrEqual(ok[0]!.json().usage.tokens);
  });
});
