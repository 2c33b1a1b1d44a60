import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearIntendedPlan, INTENDED_PLAN_KEY, readIntendedPlan, saveIntendedPlan } from "./intended-plan";

class MemoryStorage {
  map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe("intended plan (browser storage, 10-minute validity)", () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal("localStorage", storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  const T = 1_700_000_000_000;

  it("round-trips under the intended_plan key while fresh", () => {
    saveIntendedPlan({ planName: "creator", priceId: "price_c", timestamp: T });
    expect(JSON.parse(storage.getItem(INTENDED_PLAN_KEY)!)).toEqual({ planName: "creator", priceId: "price_c", timestamp: T });
    expect(readIntendedPlan(T + 9 * 60_000)).toEqual({ planName: "creator", priceId: "price_c", timestamp: T });
  });

  it("removes an entry 10 minutes old or older", () => {
    saveIntendedPlan({ planName: "creator", priceId: "price_c", timestamp: T });
    expect(readIntendedPlan(T + 10 * 60_000)).toBeNull();
    expect(storage.getItem(INTENDED_PLAN_KEY)).toBeNull();
  });

  it("logs and removes a corrupted value", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    storage.setItem(INTENDED_PLAN_KEY, "{not json");
    expect(readIntendedPlan(T)).toBeNull();
    expect(storage.getItem(INTENDED_PLAN_KEY)).toBeNull();
    storage.setItem(INTENDED_PLAN_KEY, JSON.stringify({ planName: 3, timestamp: "x" }));
    expect(readIntendedPlan(T)).toBeNull();
    expect(log).toHaveBeenCalledTimes(2);
    log.mockRestore();
  });

  it("keeps a Gratis choice without a price id; clear removes it", () => {
    saveIntendedPlan({ planName: "gratis", priceId: null, timestamp: T });
    expect(readIntendedPlan(T)?.priceId).toBeNull();
    clearIntendedPlan();
    expect(readIntendedPlan(T)).toBeNull();
  });

  it("works (as empty) when storage is unavailable", () => {
    vi.stubGlobal("localStorage", undefined);
    expect(readIntendedPlan(T)).toBeNull();
    expect(() => saveIntendedPlan({ planName: "creator", priceId: "p", timestamp: T })).not.toThrow();
  });
});
