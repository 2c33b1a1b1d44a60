// The Redis window store against a real Redis (TEST_REDIS_URL, else the local one at
// 127.0.0.1:6379): two limiters on two connections stand for two app instances, and
// each must see the attempts counted by the other. Skipped, saying so, without a Redis.
// Two built server processes sharing a lockout through Redis: faults/two-built-instances.faults.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AuthRateRule, refuseGoTrue } from "../auth/rate-rules.js";
import { redisReachable, testRedisUrl } from "../test/net.js";
import type { RateWindowStore } from "./providers/types.js";
import { createRedisRateStore } from "./providers/redis.js";
import { RateLimiter } from "./rate-limiter.js";

const url = testRedisUrl;

const hasRedis = await redisReachable();
// CI sets REQUIRE_REDIS=1: there a missing Redis is a failure, not a skip.
if (!hasRedis && process.env.REQUIRE_REDIS === "1") throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${testRedisUrl}`);
if (!hasRedis) console.warn(`rate-limiter.int.test.ts: no Redis at ${url}; the Redis store is not tested`);

describe.skipIf(!hasRedis)("RateLimiter on Redis, shared by two instances", () => {
  const prefix = `draftsmith-test:${crypto.randomUUID()}:`;
  const stores: RateWindowStore[] = [];
  let now = 1_000_000;
  const rule: AuthRateRule = { name: "pw", limit: 3, windowMs: 60_000, code: "over_request_rate_limit" };
  let a: RateLimiter<AuthRateRule>;
  let b: RateLimiter<AuthRateRule>;

  beforeAll(async () => {
    stores.push(await createRedisRateStore(url, { prefix }), await createRedisRateStore(url, { prefix }));
    a = new RateLimiter(stores[0]!, () => new Date(now), refuseGoTrue);
    b = new RateLimiter(stores[1]!, () => new Date(now), refuseGoTrue);
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  it("counts the hits of both instances in one window and refuses on either", async () => {
    expect(await a.hit(rule, "ip|x@example.com")).toBe(0);
    expect(await b.hit(rule, "ip|x@example.com")).toBe(0);
    expect(await a.wait(rule, "ip|x@example.com")).toBe(0);
    expect(await b.hit(rule, "ip|x@example.com")).toBe(0);
    expect(await a.wait(rule, "ip|x@example.com")).toBe(60);
    expect(await a.hit(rule, "ip|x@example.com")).toBe(60);
    const err = await b.enforceWaiting(rule, "ip|x@example.com").catch((e: unknown) => e);
    expect((err as { status: number; headers: Record<string, string> }).status).toBe(429);
    expect((err as { headers: Record<string, string> }).headers["retry-after"]).toBe("60");
    expect(await b.hit(rule, "another")).toBe(0);
  });

  it("follows the app clock: the window reopens once it has passed", async () => {
    for (let i = 0; i < 3; i++) await a.hit(rule, "clock");
    now += 30_000;
    expect(await b.wait(rule, "clock")).toBe(30);
    now += 30_000;
    expect(await b.wait(rule, "clock")).toBe(0);
    expect(await b.hit(rule, "clock")).toBe(0);
  });

  it("lets exactly `limit` of many concurrent hits through", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).hit(rule, "race")));
    expect(results.filter((w) => w === 0)).toHaveLength(rule.limit);
  });
});
