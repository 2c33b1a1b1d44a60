import { describe, expect, it, vi } from "vitest";
import { codeOnDemand } from "./code-on-demand";

describe("codeOnDemand", () => {
  it("fetches once, holds the code after arrival and runs onArrival once", async () => {
    const fetch = vi.fn(async () => ({ answer: 42 }));
    const arrived = vi.fn();
    const code = codeOnDemand(fetch, arrived);
    expect(code.loaded).toBeNull();
    const [a, b] = await Promise.all([code.load(), code.load()]);
    expect(a).toBe(b);
    expect(code.loaded).toEqual({ answer: 42 });
    await code.load();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(arrived).toHaveBeenCalledTimes(1);
  });

  it("tries a failed download again at the next call", async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce({ ok: true });
    const code = codeOnDemand(fetch);
    await expect(code.load()).rejects.toThrow("offline");
    expect(code.loaded).toBeNull();
    await expect(code.load()).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});
