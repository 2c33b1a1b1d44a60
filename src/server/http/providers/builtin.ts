// Rate-limit windows in this process's memory: one instance counts alone.
import type { RateWindowStore } from "./types.js";

export function createMemoryRateStore(): RateWindowStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = 0;
  const sweep = (now: number) => {
    if (now - lastSweep < 60_000 && now >= lastSweep) return;
    lastSweep = now;
    for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  };
  return {
    kind: "memory",
    async hit(id, limit, windowMs, now) {
      sweep(now);
      let w = windows.get(id);
      if (!w || w.resetAt <= now) {
        w = { count: 0, resetAt: now + windowMs };
        windows.set(id, w);
      }
      if (w.count >= limit) return w.resetAt - now;
      w.count += 1;
      return 0;
    },
    async wait(id, limit, now) {
      const w = windows.get(id);
      if (!w || w.resetAt <= now || w.count < limit) return 0;
      return w.resetAt - now;
    },
    async close() {
      windows.clear();
    },
  };
}
