// The app with the built-in engine, configured as in production, does not load the grammar
// checker when it starts or for requests that need no grammar; the first request that checks
// grammar loads it. Its release after the idle time is covered by offline/grammar-checker.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { grammarChecker } from "./offline/grammar.js";

describe("grammar checker in the app", () => {
  let t: TestApp;
  let creator: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", PAYMENTS: "disabled", JWT_SECRET: "g".repeat(48) });
    creator = await createTestUser(t, { plan: "creator" });
  });
  afterAll(async () => {
    await grammarChecker.release();
    await t.close();
  });

  it("is loaded by the first grammar request, not at start", async () => {
    expect(t.ctx.ai.engine).toBe("offline");
    expect(grammarChecker.loaded).toBe(false);
    // A readability analysis needs no checker (a rewrite does: it is checked for new problems).
    const analyze = await request(t, "POST", "/api/ai/analyze", { user: creator, payload: { text: "We do not know." } });
    expect(analyze.statusCode).toBe(200);
    expect(grammarChecker.loaded).toBe(false);

    const res = await request(t, "POST", "/api/ai/grammar", { user: creator, payload: { text: "This is an test." } });
    expect(res.statusCode).toBe(200);
    expect(res.json().correctedText).toBe("This is a test.");
    expect(grammarChecker.loaded).toBe(true);
    // Starting the checker's process is ~4.4 s of CPU: at load 9 that took over the suite's 30 s.
  }, 120_000);
});
