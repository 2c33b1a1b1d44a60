import { describe, expect, it } from "vitest";
import type { AuthUser } from "../service-types.js";
import { SESSION_CACHE_MAX_ENTRIES, SessionCache } from "./session-cache.js";

const user = (id: string, sessionId: string): AuthUser => ({ id, sessionId, email: `${id}@example.com`, fullName: id, emailConfirmedAt: null });
const HOUR = 3_600_000;

describe("SessionCache", () => {
  it("returns a remembered user until the TTL or the token's expiry, whichever is first", () => {
    const cache = new SessionCache(30_000);
    cache.set("t1", user("u1", "s1"), 0, HOUR);
    cache.set("t2", user("u1", "s1"), 0, 10_000);
    expect(cache.get("t1", 29_999)?.id).toBe("u1");
    expect(cache.get("t1", 30_000)).toBeNull();
    expect(cache.get("t2", 9_999)?.id).toBe("u1");
    expect(cache.get("t2", 10_000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("evicting a session forgets all of its tokens and nothing else", async () => {
    const cache = new SessionCache();
    cache.set("a1", user("u1", "s1"), 0, HOUR);
    cache.set("a2", user("u1", "s1"), 0, HOUR);
    cache.set("b1", user("u1", "s2"), 0, HOUR);
    await cache.evict({ sessionId: "s1" });
    expect(cache.get("a1", 1)).toBeNull();
    expect(cache.get("a2", 1)).toBeNull();
    expect(cache.get("b1", 1)?.sessionId).toBe("s2");
  });

  it("evicting a user forgets every session of that user only, and tells the other processes", async () => {
    const cache = new SessionCache();
    const told: unknown[] = [];
    cache.broadcast = async (which) => {
      told.push(which);
    };
    cache.set("a", user("u1", "s1"), 0, HOUR);
    cache.set("b", user("u1", "s2"), 0, HOUR);
    cache.set("c", user("u2", "s3"), 0, HOUR);
    await cache.evict({ userId: "u1" });
    expect(cache.get("a", 1)).toBeNull();
    expect(cache.get("b", 1)).toBeNull();
    expect(cache.get("c", 1)?.id).toBe("u2");
    expect(told).toEqual([{ userId: "u1" }]);
  });

  it("keeps at most SESSION_CACHE_MAX_ENTRIES tokens, dropping the oldest", () => {
    const cache = new SessionCache();
    for (let i = 0; i <= SESSION_CACHE_MAX_ENTRIES; i++) cache.set(`t${i}`, user(`u${i}`, `s${i}`), 0, HOUR);
    expect(cache.size).toBe(SESSION_CACHE_MAX_ENTRIES);
    expect(cache.get("t0", 1)).toBeNull();
    expect(cache.get(`t${SESSION_CACHE_MAX_ENTRIES}`, 1)?.id).toBe(`u${SESSION_CACHE_MAX_ENTRIES}`);
  });
});
