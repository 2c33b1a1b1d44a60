// Several server processes may share one PostgreSQL database; a sign-out handled by one
// must end the session in the others' caches too. Evictions travel over LISTEN/NOTIFY.
// PGlite is opened by one process only (the data directory is locked), so it needs none.
import type { Database } from "../db/index.js";
import type { SessionCache, SessionEviction } from "./session-cache.js";

const SESSION_EVICT_CHANNEL = "draftsmith_sessions";

function parseEviction(payload: string): SessionEviction | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.sessionId === "string") return { sessionId: value.sessionId };
    if (typeof value.userId === "string") return { userId: value.userId };
  } catch {
    // Not ours; ignore.
  }
  return null;
}

/** Connects the cache to the other processes; resolves to a function that disconnects it. */
export async function shareSessionEvictions(cache: SessionCache, database: Database): Promise<() => Promise<void>> {
  if (database.driver !== "postgres") return async () => {};
  const stop = await database.listen(SESSION_EVICT_CHANNEL, (payload) => {
    const which = parseEviction(payload);
    if (which) cache.evictLocal(which);
  });
  cache.broadcast = (which) => database.notify(SESSION_EVICT_CHANNEL, JSON.stringify(which));
  return async () => {
    cache.broadcast = null;
    await stop();
  };
}
