import { afterEach, describe, expect, it, vi } from "vitest";
import { loadWithRetry } from "./lazy-part";

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function failingTimes(n: number) {
  let calls = 0;
  const load = vi.fn(async () => {
    calls += 1;
    if (calls <= n) throw new TypeError("Failed to fetch dynamically imported module");
    return { default: "part" };
  });
  return load;
}

describe("loadWithRetry", () => {
  it("tries again after a failure while online and resolves with the part", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { onLine: true });
    const load = failingTimes(4);
    const loaded = loadWithRetry(load);
    await vi.runAllTimersAsync();
    await expect(loaded).resolves.toEqual({ default: "part" });
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("gives a page up after its attempts, so the error page can offer Reload", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("navigator", { onLine: true });
    const load = failingTimes(10);
    const loaded = loadWithRetry(load, 3);
    const settled = loaded.catch((err: unknown) => err);
    await vi.runAllTimersAsync();
    expect(await settled).toBeInstanceOf(TypeError);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it("waits for the connection without counting failures while offline", async () => {
    const listeners: (() => void)[] = [];
    const nav = { onLine: false };
    vi.stubGlobal("navigator", nav);
    vi.stubGlobal("window", { addEventListener: (_: string, fn: () => void) => listeners.push(fn) });
    const load = failingTimes(1);
    const loaded = loadWithRetry(load, 1);
    await vi.waitFor(() => expect(listeners).toHaveLength(1));
    nav.onLine = true;
    listeners[0]!();
    await expect(loaded).resolves.toEqual({ default: "part" });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
