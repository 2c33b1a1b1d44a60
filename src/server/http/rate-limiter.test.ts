import { describe, expect, it } from "vitest";
import { GoTrueError } from "../auth/gotrue-error.js";
import { type AuthRateRule, refuseGoTrue } from "../auth/rate-rules.js";
import { createMemoryRateStore } from "./providers/builtin.js";
import { RateLimiter } from "./rate-limiter.js";

const rule: AuthRateRule = { name: "t", limit: 3, windowMs: 60_000, code: "over_request_rate_limit" };
const limiterAt = (now: () => number) => new RateLimiter(createMemoryRateStore(), () => new Date(now()), refuseGoTrue);

describe("RateLimiter", () => {
  it("allows the limit per window and per key, then answers the wait in seconds", async () => {
    let now = 1_000_000;
    const limiter = limiterAt(() => now);
    for (let i = 0; i < 3; i++) expect(await limiter.hit(rule, "a")).toBe(0);
    expect(await limiter.hit(rule, "a")).toBe(60);
    expect(await limiter.hit(rule, "b")).toBe(0);
    now += 30_000;
    expect(await limiter.hit(rule, "a")).toBe(30);
    now += 30_000;
    expect(await limiter.hit(rule, "a")).toBe(0);
  });

  it("enforce throws GoTrue's 429 with Retry-After", async () => {
    const limiter = limiterAt(() => 0);
    for (let i = 0; i < 3; i++) await limiter.enforce(rule, "x");
    const err = await limiter.enforce(rule, "x").then(
      () => expect.unreachable(),
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(GoTrueError);
    expect((err as GoTrueError).status).toBe(429);
    expect((err as GoTrueError).headers["retry-after"]).toBe("60");
  });

  it("wait() answers the wait without counting an attempt", async () => {
    let now = 0;
    const limiter = limiterAt(() => now);
    for (let i = 0; i < 5; i++) expect(await limiter.wait(rule, "k")).toBe(0);
    for (let i = 0; i < 3; i++) await limiter.hit(rule, "k");
    expect(await limiter.wait(rule, "k")).toBe(60);
    await expect(limiter.enforceWaiting(rule, "k")).rejects.toThrow(GoTrueError);
    now += 60_000;
    expect(await limiter.wait(rule, "k")).toBe(0);
  });
});
