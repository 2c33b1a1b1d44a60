// Two server processes on one PostgreSQL database: a sign-out handled by A ends the
// session in B's cache too (LISTEN/NOTIFY). Runs only on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { createTestApp, createTestUser, type TestApp, usingPostgres } from "../test/harness.js";

describe.runIf(usingPostgres())("session evictions across two processes on PostgreSQL", () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>["app"];
  let bDb: Database;

  beforeAll(async () => {
    a = await createTestApp();
    bDb = await openDatabase({ databaseUrl: a.config.DATABASE_URL, dataDir: "memory://", poolSize: 3 });
    ({ app: b } = await buildApp({ config: a.config, database: bDb, now: () => a.clock.now, logger: false, clientDir: "/nonexistent" }));
  });
  afterAll(async () => {
    await b?.close();
    await bDb?.close();
    await a?.close();
  });

  it("a token B has already verified stops working on B once A signs the user out", async () => {
    const user = await createTestUser(a);
    const listOnB = () => b.inject({ method: "GET", url: "/api/documents", headers: user.headers });
    expect((await listOnB()).statusCode).toBe(200);
    expect(b.ctx.sessionCache.size).toBeGreaterThan(0);
    const out = await a.app.inject({ method: "POST", url: "/auth/v1/logout", headers: user.headers });
    expect(out.statusCode).toBe(204);
    // The eviction arrives as a notification; B answers 401 as soon as it has.
    await expect.poll(async () => (await listOnB()).statusCode, { timeout: 5000, interval: 20 }).toBe(401);
  });
});
