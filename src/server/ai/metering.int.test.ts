// Which AI calls the plan's monthly token allowance meters: upstream model calls only. The
// built-in offline engine runs in-process and costs nothing, so a writer who only ever uses
// it keeps the whole allowance (and may go on using it once the allowance is spent).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { aiUsage, createOpenAiTestApp } from "./ai.test-util.js";
import { monthKey } from "./quota.js";

const PARAGRAPH =
  "The river ran past the old mill where we used to sit on summer evenings. We talked about everything and nothing, " +
  "and the water carried our words away downstream. Years later the mill was sold, the wheel stopped turning, and we " +
  "moved to cities far apart. Yet whenever I hear running water I am back on that bank, seventeen and certain of everything.";

/** One call of each kind, one after another (a writer has at most three in flight). */
async function everyTask(t: TestApp, user: TestUser) {
  const calls: [string, object][] = [
    ["/api/ai/improve", { text: PARAGRAPH }],
    ["/api/ai/summarize/stream", { text: PARAGRAPH }],
    ["/api/ai/outline", { text: PARAGRAPH }],
    ["/api/ai/rewrite", { text: PARAGRAPH, style: "professional" }],
  ];
  const answers = [];
  for (const [url, payload] of calls) answers.push(await request(t, "POST", url, { user, payload }));
  return answers;
}

describe("the monthly AI token allowance", () => {
  describe("with the built-in offline engine", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it("stays untouched however much the writer uses it", async () => {
      const user = await createTestUser(t, { plan: "professional" });
      for (const res of await everyTask(t, user)) expect(res.statusCode).toBe(200);
      const improve = await request(t, "POST", "/api/ai/improve", { user, payload: { text: PARAGRAPH } });
      expect(improve.json()).toMatchObject({ engine: "offline", usage: { tokens: 0, used: 0, limit: 100_000, remaining: 100_000 } });
      expect(await aiUsage(t, user)).toEqual({ plan: "professional", used: 0, limit: 100_000, remaining: 100_000 });
    });

    it("still answers once the month's allowance is spent, and the plan gate still applies", async () => {
      const user = await createTestUser(t, { plan: "creator" });
      await t.database.sql.query("INSERT INTO ai_usage (user_id, month, tokens_used) VALUES ($1, $2, 50000)", [user.id, monthKey(t.clock.now)]);
      const res = await request(t, "POST", "/api/ai/improve", { user, payload: { text: PARAGRAPH } });
      expect(res.statusCode).toBe(200);
      expect(res.json().usage).toMatchObject({ tokens: 0, used: 50_000, remaining: 0 });

      const free = await createTestUser(t, { plan: "gratis" });
      expect((await request(t, "POST", "/api/ai/improve", { user: free, payload: { text: PARAGRAPH } })).statusCode).toBe(402);
    });
  });

  describe("with an upstream model (OpenAI-compatible)", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createOpenAiTestApp({ stub: { reply: () => "A tidy answer from the model." } });
    });
    afterAll(async () => t.close());

    it("books every call's tokens against the month", async () => {
      const user = await createTestUser(t, { plan: "professional" });
      const answers = await everyTask(t, user);
      for (const res of answers) expect(res.statusCode).toBe(200);
      const after = await aiUsage(t, user);
      expect(after.used).toBeGreaterThan(0);
      expect(after.remaining).toBe(100_000 - after.used);
      const improve = answers[0]!.json();
      expect(improve).toMatchObject({ engine: "openai-compatible", model: "stub-model" });
      expect(improve.usage.tokens).toBeGreaterThan(0);
    });
  });
});
