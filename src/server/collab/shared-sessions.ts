// Live sessions shared between instances through Redis (REDIS_URL). Loaded only when Redis is
// configured: Hocuspocus's Redis extension and ioredis are ~0.3 MB of code a single instance
// never runs.
import { Redis as RedisExtension } from "@hocuspocus/extension-redis";
import IORedis from "ioredis";

/**
 * Sessions shared through Redis. The extension would also take a Redis lock around each
 * store, so that only one instance stores at a time; the instance that misses it skips its
 * store (and its update-log rows stay). Stores need no such lock here: each instance stores
 * its own copy merged with the stored one under the document row's lock (state-store.ts).
 */
class SharedSessions extends RedisExtension {
  override async onStoreDocument(): Promise<void> {}
}

export function sharedSessions(redisUrl: string): SharedSessions {
  return new SharedSessions({ createClient: () => new IORedis(redisUrl, { maxRetriesPerRequest: null }), prefix: "draftsmith:collab" });
}
