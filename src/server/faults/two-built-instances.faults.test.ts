// Two processes of the built server (the esbuild bundle `npm start` runs) on one fresh
// PostgreSQL database and one Redis, as an operator runs several instances: a document
// edited live on both at once ends as one text on both and in the stored copy read through
// either, and a sign-in lockout counted on one is enforced by the other.
// Needs TEST_DATABASE_URL and a Redis (TEST_REDIS_URL, else 127.0.0.1:6379); skipped, saying
// so, without them, and with REQUIRE_REDIS=1 a missing Redis fails instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUTH_RATE_RULES } from "../auth/rate-rules.js";
import { type TestEditor, openEditor, plainText, synced } from "../collab/provider.test-util.js";
import { freePort, testRedisUrl } from "../test/net.js";
import {
  PASSWORD,
  type ThrowawayDatabase,
  createThrowawayDatabase,
  docWith,
  getWith,
  needPostgres,
  needRedis,
  postJson,
  randomClientIp,
} from "./backends.test-util.js";
import { buildServerBundle, json, type ServerProcess, startServerProcess } from "./server-process.js";

const FILE = "two-built-instances.faults.test.ts";
const hasRedis = await needRedis(FILE);
const hasPostgres = needPostgres(FILE);

describe.runIf(hasRedis && hasPostgres)("two built server processes on one PostgreSQL and one Redis", () => {
  let database: ThrowawayDatabase;
  const servers: ServerProcess[] = [];
  const editors: TestEditor[] = [];
  const ip = randomClientIp();
  let a: ServerProcess;
  let b: ServerProcess;
  let token = "";

  beforeAll(async () => {
    await buildServerBundle();
    database = await createThrowawayDatabase("ds_two_built");
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: testRedisUrl,
      JWT_SECRET: "two-instances-signing-secret-0123456789",
      TRUST_PROXY: "true",
      // One public address for both, as behind a load balancer: sessions are signed for it.
      PUBLIC_URL: "http://draftsmith.test",
    };
    // Both boot at once on the empty database, as a deployment's instances do.
    const [portA, portB] = [await freePort(), await freePort()];
    const started = await Promise.allSettled([startServerProcess(env, portA), startServerProcess(env, portB)]);
    for (const s of started) if (s.status === "fulfilled") servers.push(s.value);
    for (const s of started) if (s.status === "rejected") throw s.reason;
    [a, b] = servers as [ServerProcess, ServerProcess];
    const email = `two-built-${Date.now()}@example.com`;
    const res = await postJson(`${a.url}/auth/v1/signup`, { email, password: PASSWORD }, ip);
    token = (await json(res)).access_token;
    expect(token, "sign-up on A gave a session").toBeTruthy();
  });

  afterAll(async () => {
    for (const e of editors) e.destroy();
    for (const s of servers) s.proc.kill("SIGTERM");
    const exits = await Promise.all(servers.map((s) => s.exited));
    await database?.drop();
    // Each instance stops cleanly with live documents and Redis connections open.
    for (const [i, exit] of exits.entries()) expect(exit.code, `instance ${i} output:\n${servers[i]!.output().slice(-3000)}`).toBe(0);
  });

  it("a document typed into on A and on B at once ends as one text on both and in the stored copy read through either", async () => {
    const created = await postJson(`${a.url}/api/documents`, { title: "Two instances", content: docWith("Opening line.") }, ip, token);
    expect(created.status).toBe(201);
    const id = (await json(created)).id as string;

    const onA = openEditor(a.url, id, token);
    const onB = openEditor(b.url, id, token);
    editors.push(onA, onB);
    await Promise.all([synced(onA), synced(onB)]);
    // The text stored through the REST API is loaded once, not once per instance.
    expect(plainText(onA.content())).toBe("Opening line.");
    expect(plainText(onB.content())).toBe("Opening line.");

    // Both type in the same turn, before either has seen the other's change.
    onA.type(" Typed on A.");
    onB.type(" Typed on B.");
    const agreed = () => {
      const [textA, textB] = [plainText(onA.content()), plainText(onB.content())];
      return textA === textB ? textA : `A: ${textA} | B: ${textB}`;
    };
    await expect.poll(agreed, { timeout: 15_000 }).toMatch(/^Opening line\. Typed on (A\. Typed on B|B\. Typed on A)\.$/);
    const merged = agreed();

    // The stored copy, through either instance, is that same text.
    const stored = async (s: ServerProcess) => {
      const res = await getWith(`${s.url}/api/documents/${id}`, ip, token);
      expect(res.status).toBe(200);
      return plainText((await json(res)).content);
    };
    await expect.poll(() => stored(a), { timeout: 20_000 }).toBe(merged);
    expect(await stored(b)).toBe(merged);
    // And the live copies still agree with it once everything has been stored.
    expect(plainText(onB.content())).toBe(merged);
  });

  it("wrong passwords counted on A lock the address out on B", async () => {
    const email = `lockout-${Date.now()}@example.com`;
    const guesser = randomClientIp();
    const attempt = (s: ServerProcess) => postJson(`${s.url}/auth/v1/token?grant_type=password`, { email, password: "wrong-pass" }, guesser);
    const limit = AUTH_RATE_RULES.passwordPerIpAccount.limit;
    // B has seen one failure of its own, not enough to refuse anything.
    expect((await attempt(b)).status).toBe(400);
    for (let i = 1; i < limit; i++) expect((await attempt(a)).status).toBe(400);
    const blocked = await attempt(b);
    expect(blocked.status).toBe(429);
    expect(await json(blocked)).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // The lockout is this address's for this account only: another address still gets an answer.
    expect((await postJson(`${b.url}/auth/v1/token?grant_type=password`, { email, password: "wrong-pass" }, randomClientIp())).status).toBe(400);
  });
});
