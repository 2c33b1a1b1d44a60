import { describe, expect, it } from "vitest";
import { GoTrueError } from "./gotrue-error.js";
import { RateLimiter, type RateRule } from "./rate-limit.js";

const rule: RateRule = { name: "t", limit: 3, windowMs: 60_000, code: "over_request_rate_limit" };

describe("RateLimiter", () => {
  it("allows the limit per window and per key, then answers the wait in seconds", () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(() => new Date(now));
    expect([1, 2, 3].map(() => limiter.hit(rule, "a"))).toEqual([0, 0, 0]);
    expect(limiter.hit(rule, "a")).toBe(60);
    expect(limiter.hit(rule, "b")).toBe(0);
    now += 30_000;
    expect(limiter.hit(rule, "a")).toBe(30);
    now += 30_000;
    expect(limiter.hit(rule, "a")).toBe(0);
  });

  it("enforce throws GoTrue's 429 with Retry-After", () => {
    const limiter = new RateLimiter(() => new Date(0));
    for (let i = 0; i < 3; i++) limiter.enforce(rule, "x");
    try {
      limiter.enforce(rule, "x");
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(GoTrueError);
      expect((err as GoTrueError).status).toBe(429);
      expect((err as GoTrueError).headers["retry-after"]).toBe("60");
    }
  });
});
