// Rate limit for share passwords. Failed attempts are recorded per (link, IP) and counted over
// a sliding window three ways: per (IP, link) (one guesser on one link: 5), per IP over every
// link (one guesser spraying links: 30) and per link from every IP (a ceiling of 500, far
// above one guesser, so guessers elsewhere cannot lock out a visitor who knows the password).
// While one of an IP's counts is over its limit every attempt from that IP — right or wrong —
// gets 429 with Retry-After, so the answer reveals nothing. Figures: docs/RELIABILITY.md,
// "Lockouts". Uses ctx.now() so tests can move time.
import { type SQL, and, asc, count, eq, gte, lt } from "drizzle-orm";
import {
  SHARE_UNLOCK_MAX_FAILURES_PER_IP,
  SHARE_UNLOCK_MAX_FAILURES_PER_IP_LINK,
  SHARE_UNLOCK_MAX_FAILURES_PER_LINK,
  SHARE_UNLOCK_WINDOW_MS,
} from "../../shared/contracts/sharing.js";
import type { AppContext } from "../context.js";
import { shareUnlockFailures as f } from "../db/index.js";

/** Seconds until another attempt is allowed, or 0 when attempts are allowed now. */
export async function unlockRetryAfter(ctx: AppContext, documentId: string, ip: string): Promise<number> {
  const now = ctx.now();
  const since = new Date(now.getTime() - SHARE_UNLOCK_WINDOW_MS);
  const waits = await Promise.all([
    waitFor(ctx, and(eq(f.ip, ip), eq(f.documentId, documentId))!, since, SHARE_UNLOCK_MAX_FAILURES_PER_IP_LINK, now),
    waitFor(ctx, eq(f.ip, ip), since, SHARE_UNLOCK_MAX_FAILURES_PER_IP, now),
    waitFor(ctx, eq(f.documentId, documentId), since, SHARE_UNLOCK_MAX_FAILURES_PER_LINK, now),
  ]);
  return Math.max(...waits);
}

async function waitFor(ctx: AppContext, key: SQL, since: Date, max: number, now: Date): Promise<number> {
  const where = and(key, gte(f.failedAt, since));
  const [row] = await ctx.db.select({ n: count() }).from(f).where(where);
  const n = Number(row?.n ?? 0);
  if (n < max) return 0;
  // Attempts resume when enough failures have left the window to drop below the limit.
  const [freeing] = await ctx.db
    .select({ at: f.failedAt })
    .from(f)
    .where(where)
    .orderBy(asc(f.failedAt))
    .offset(n - max)
    .limit(1);
  const at = freeing ? freeing.at.getTime() + SHARE_UNLOCK_WINDOW_MS : now.getTime() + SHARE_UNLOCK_WINDOW_MS;
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}

export async function recordUnlockFailure(ctx: AppContext, documentId: string, ip: string): Promise<void> {
  const now = ctx.now();
  await ctx.db.insert(f).values({ documentId, ip, failedAt: now });
  // Old rows are useless; trim this link's so the table stays small.
  await ctx.db
    .delete(f)
    .where(and(eq(f.documentId, documentId), lt(f.failedAt, new Date(now.getTime() - SHARE_UNLOCK_WINDOW_MS))));
}
