import { describe, expect, it } from "vitest";
import { InFlightLimiter } from "./concurrency.js";

describe("InFlightLimiter", () => {
  it("allows three calls per user at once and frees a slot when one ends", () => {
    const limiter = new InFlightLimiter(3);
    const releases = [limiter.acquire("u1"), limiter.acquire("u1"), limiter.acquire("u1")];
    expect(() => limiter.acquire("u1")).toThrow(/at most 3/);
    expect(() => limiter.acquire("u2")).not.toThrow();
    releases[0]!();
    releases[0]!(); // releasing twice frees only one slot
    expect(() => limiter.acquire("u1")).not.toThrow();
    expect(() => limiter.acquire("u1")).toThrow();
  });
});
