// Two app instances on one PostgreSQL database with REDIS_URL: a writer connected to one
// and a reader connected to the other edit the same live document, and the merged text is
// stored once. Runs on PostgreSQL with a reachable Redis (CI has both), else is skipped.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { buildApp } from "../app.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request, usingPostgres } from "../test/harness.js";
import { redisReachable, testRedisUrl } from "../test/net.js";
import { type TestEditor, openEditor, plainText, synced } from "./provider.test-util.js";

const hasRedis = await redisReachable();
// CI sets REQUIRE_REDIS=1: there a missing Redis is a failure, not a skip.
if (!hasRedis && process.env.REQUIRE_REDIS === "1") throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${testRedisUrl}`);
if (usingPostgres() && !hasRedis) console.warn(`two-instances.int.test.ts: no Redis at ${testRedisUrl}; skipped`);

describe.runIf(usingPostgres() && hasRedis)("live co-editing across two instances (PostgreSQL + Redis)", () => {
  let a: TestApp;
  let bApp: Awaited<ReturnType<typeof buildApp>>["app"];
  let bDb: Database;
  let user: TestUser;
  let urlA: string;
  let urlB: string;
  const editors: TestEditor[] = [];

  beforeAll(async () => {
    a = await createTestApp({ REDIS_URL: testRedisUrl });
    urlA = await a.app.listen({ port: 0, host: "127.0.0.1" });
    bDb = await openDatabase({ databaseUrl: a.config.DATABASE_URL, dataDir: "memory://", poolSize: 3 });
    ({ app: bApp } = await buildApp({ config: a.config, database: bDb, now: () => a.clock.now, logger: false, clientDir: "/nonexistent" }));
    await bApp.listen({ port: 0, host: "127.0.0.1" });
    urlB = `http://127.0.0.1:${(bApp.server.address() as AddressInfo).port}`;
    user = await createTestUser(a, { plan: "professional" });
  });
  afterAll(async () => {
    for (const e of editors) e.destroy();
    await bApp?.close();
    await bDb?.close();
    await a?.close();
  });

  it("a writer on one instance and a reader on the other see the same document", async () => {
    const created = (await request(a, "POST", "/api/documents", { user, payload: {} })).json() as DocumentRecord;
    const writer = openEditor(urlA, created.id, user.token);
    const reader = openEditor(urlB, created.id, user.token);
    editors.push(writer, reader);
    await Promise.all([synced(writer), synced(reader)]);
    writer.type("Written on A");
    await expect.poll(() => plainText(reader.content()), { timeout: 10_000 }).toBe("Written on A");
    reader.type(", answered on B");
    await expect.poll(() => plainText(writer.content()), { timeout: 10_000 }).toBe("Written on A, answered on B");
    await expect
      .poll(async () => plainText(((await request(a, "GET", `/api/documents/${created.id}`, { user })).json() as DocumentRecord).content as never), {
        timeout: 20_000,
      })
      .toBe("Written on A, answered on B");
  });
});
