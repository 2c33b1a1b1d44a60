// The health check's cache: one check per period however often it is asked, and a fresh one after.
import { describe, expect, it } from "vitest";
import { cachedCheck, type ModelServerCheck } from "./probe.js";

describe("cachedCheck", () => {
  it("asks once per period, shares a check in flight, and asks again when the period is over", async () => {
    let now = 1_000;
    let calls = 0;
    const results: ModelServerCheck[] = [{ status: "ok" }, { status: "degraded", reason: "down" }];
    const check = cachedCheck(async () => results[calls++]!, 5000, () => now);
    expect(await Promise.all([check(), check(), check()])).toEqual([{ status: "ok" }, { status: "ok" }, { status: "ok" }]);
    now += 4999;
    expect(await check()).toEqual({ status: "ok" });
    expect(calls).toBe(1);
    now += 1;
    expect(await check()).toEqual({ status: "degraded", reason: "down" });
    expect(calls).toBe(2);
  });
});
