// Picks where rate-limit windows are counted: Redis when REDIS_URL is set, else memory.
import type { Config } from "../../config.js";
import { createMemoryRateStore } from "./builtin.js";
import type { RateWindowStore } from "./types.js";

export type { RateWindowStore } from "./types.js";

export async function createRateStore(config: Config): Promise<RateWindowStore> {
  if (!config.REDIS_URL) return createMemoryRateStore();
  const { createRedisRateStore } = await import("./redis.js");
  return createRedisRateStore(config.REDIS_URL);
}
