// Rate-limit windows in Redis (REDIS_URL), shared by every instance. Each window is one hash
// (count, reset time) changed by a Lua script, so concurrent hits from several instances
// cannot both take the last place. The reset time is the app clock's, like the memory
// store's; the key's own expiry only clears windows nobody hits again.
import type { RateWindowStore } from "./types.js";

// KEYS[1] window; ARGV: now, limit, windowMs, count (1 = hit, 0 = only look). Returns ms to wait.
const SCRIPT = `
local v = redis.call('HMGET', KEYS[1], 'c', 'r')
local now = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
local c = tonumber(v[1])
local r = tonumber(v[2])
if (not c) or r <= now then
  if ARGV[4] ~= '1' then return 0 end
  c = 0
  r = now + tonumber(ARGV[3])
end
if c >= limit then return r - now end
if ARGV[4] == '1' then
  redis.call('HSET', KEYS[1], 'c', c + 1, 'r', r)
  redis.call('PEXPIRE', KEYS[1], math.max(1, r - now))
end
return 0
`;

export async function createRedisRateStore(url: string, opts: { prefix?: string } = {}): Promise<RateWindowStore> {
  // The client is loaded only when Redis is configured: loading it costs start-up time.
  // ioredis is CommonJS: its module.exports (the client class) is the default export both
  // in Node and in the server bundle, whose chunk for a dynamic import() of a CommonJS
  // package has a default export only (`const { Redis } = await import(...)` was undefined there).
  const Redis = (await import("ioredis")).default;
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.on("error", () => {
    // ioredis reconnects by itself; a request made meanwhile fails with its own error.
  });
  const prefix = opts.prefix ?? "draftsmith:rate:";
  const run = async (id: string, now: number, limit: number, windowMs: number, count: boolean) =>
    Number(await redis.eval(SCRIPT, 1, prefix + id, now, limit, windowMs, count ? 1 : 0));
  return {
    kind: "redis",
    hit: (id, limit, windowMs, now) => run(id, now, limit, windowMs, true),
    wait: (id, limit, now) => run(id, now, limit, 0, false),
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
