// Verified access tokens, remembered for a short while so a request does not pay for a
// signature check and a session lookup each time (on PGlite the lookup was most of a
// save's cost). Correctness rests on explicit eviction: every path that ends a session or
// changes what an AuthUser carries calls evict() after its write commits, and on
// PostgreSQL the eviction is broadcast to the other processes sharing the database. The
// TTL only bounds how long a missed broadcast (a dropped LISTEN connection) could matter.
import type { AuthUser } from "../service-types.js";

/** How long a verified token is trusted without asking the database again. */
const SESSION_CACHE_TTL_MS = 30_000;
/** Entries kept at most; the oldest go first. */
export const SESSION_CACHE_MAX_ENTRIES = 20_000;

export type SessionEviction = { sessionId: string } | { userId: string };

interface Entry {
  user: AuthUser;
  /** When the entry stops being trusted: the TTL or the token's own expiry, whichever is first. */
  until: number;
}

export class SessionCache {
  private byToken = new Map<string, Entry>();
  private tokensBySession = new Map<string, Set<string>>();
  private sessionsByUser = new Map<string, Set<string>>();
  /** Set when other processes share the database: tells them to evict too. */
  broadcast: ((which: SessionEviction) => Promise<void>) | null = null;

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  get(token: string, now: number): AuthUser | null {
    const entry = this.byToken.get(token);
    if (!entry) return null;
    if (now >= entry.until) {
      this.dropToken(token, entry.user);
      return null;
    }
    return entry.user;
  }

  /** Remembers a token verified against the database; `expiresAt` is the token's exp in ms. */
  set(token: string, user: AuthUser, now: number, expiresAt: number): void {
    if (this.byToken.size >= SESSION_CACHE_MAX_ENTRIES) {
      const oldest = this.byToken.keys().next().value as string;
      this.dropToken(oldest, this.byToken.get(oldest)!.user);
    }
    this.byToken.set(token, { user, until: Math.min(now + this.ttlMs, expiresAt) });
    addTo(this.tokensBySession, user.sessionId, token);
    addTo(this.sessionsByUser, user.id, user.sessionId);
  }

  /** Forgets a session or all of a user's sessions here and, when shared, everywhere. */
  async evict(which: SessionEviction): Promise<void> {
    this.evictLocal(which);
    await this.broadcast?.(which);
  }

  evictLocal(which: SessionEviction): void {
    if ("sessionId" in which) {
      this.dropSession(which.sessionId);
      return;
    }
    for (const sessionId of this.sessionsByUser.get(which.userId) ?? []) this.dropSession(sessionId);
    this.sessionsByUser.delete(which.userId);
  }

  get size(): number {
    return this.byToken.size;
  }

  private dropSession(sessionId: string) {
    for (const token of this.tokensBySession.get(sessionId) ?? []) this.byToken.delete(token);
    this.tokensBySession.delete(sessionId);
  }

  private dropToken(token: string, user: AuthUser) {
    this.byToken.delete(token);
    const tokens = this.tokensBySession.get(user.sessionId);
    tokens?.delete(token);
    if (tokens && tokens.size === 0) {
      this.tokensBySession.delete(user.sessionId);
      const sessions = this.sessionsByUser.get(user.id);
      sessions?.delete(user.sessionId);
      if (sessions && sessions.size === 0) this.sessionsByUser.delete(user.id);
    }
  }
}

function addTo(map: Map<string, Set<string>>, key: string, value: string) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}
