// Monthly AI token quotas per user and calendar month (UTC), in ai_usage.
// reserve() takes a call's worst-case cost (its cap) before the call with one conditional
// UPDATE that succeeds only while used + reserved is under the limit, so concurrent calls
// cannot together pass the quota by more than one call's cap; settle()
// books the real usage and frees the reservation; release() frees it after a failure.
import type { AiUsageBalance } from "../../shared/contracts/ai.js";
import type { SqlRunner } from "../db/client.js";
import { AppError } from "../http/errors.js";

export const monthKey = (now: Date) => now.toISOString().slice(0, 7);

export interface Reservation {
  userId: string;
  month: string;
  amount: number;
  limit: number;
}

function quotaExceeded(limit: number, now: Date): AppError {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const retryAfter = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  return new AppError(
    429,
    "quota_exceeded",
    `You have used all ${limit.toLocaleString("en-US")} AI tokens of your plan this month. Your balance renews on ${next.toISOString().slice(0, 10)}.`,
    { limit, used: limit, remaining: 0, resetsAt: next.toISOString() },
    { "retry-after": String(retryAfter) },
  );
}

/**
 * Reservations left behind by a process that died mid-call would block a user for the rest
 * of the month. No call outlives AI_TIMEOUT_MS (at most 10 minutes), so a row untouched for
 * 15 minutes has no live reservation and its reserved count is treated as zero.
 */
const LIVE_RESERVED = "(CASE WHEN u.updated_at < now() - interval '15 minutes' THEN 0 ELSE u.tokens_reserved END)";

export async function reserveTokens(sql: SqlRunner, userId: string, limit: number, cap: number, now: Date): Promise<Reservation> {
  const month = monthKey(now);
  // One statement: the month's row is created with the reservation, or the existing row takes
  // it only while used + reserved is under the limit. The last call of a month may finish
  // above the quota, by at most its own cap, and no two calls can both slip past the limit.
  if (limit <= 0) throw quotaExceeded(limit, now);
  const rows = await sql.query<{ reserved: string | number }>(
    `INSERT INTO ai_usage AS u (user_id, month, tokens_reserved) VALUES ($1, $2, $3::bigint)
     ON CONFLICT (user_id, month) DO UPDATE
        SET tokens_reserved = ${LIVE_RESERVED} + $3::bigint, updated_at = now()
      WHERE u.tokens_used + ${LIVE_RESERVED} < $4::bigint
     RETURNING u.tokens_reserved AS reserved`,
    [userId, month, cap, limit],
  );
  if (!rows[0]) throw quotaExceeded(limit, now);
  return { userId, month, amount: cap, limit };
}

/** Books `tokens` as used and frees the reservation; returns the month's balance. */
export async function settleTokens(sql: SqlRunner, r: Reservation, tokens: number): Promise<AiUsageBalance> {
  const rows = await sql.query<{ used: string | number }>(
    `UPDATE ai_usage
        SET tokens_used = tokens_used + $4, tokens_reserved = GREATEST(tokens_reserved - $3, 0), updated_at = now()
      WHERE user_id = $1 AND month = $2
      RETURNING tokens_used AS used`,
    [r.userId, r.month, r.amount, tokens],
  );
  const used = Number(rows[0]?.used ?? tokens);
  return { tokens, used, limit: r.limit, remaining: Math.max(0, r.limit - used) };
}

export async function releaseTokens(sql: SqlRunner, r: Reservation): Promise<void> {
  await sql.query(
    "UPDATE ai_usage SET tokens_reserved = GREATEST(tokens_reserved - $3, 0), updated_at = now() WHERE user_id = $1 AND month = $2",
    [r.userId, r.month, r.amount],
  );
}

export async function currentBalance(sql: SqlRunner, userId: string, limit: number, now: Date): Promise<AiUsageBalance> {
  const rows = await sql.query<{ used: string | number }>("SELECT tokens_used AS used FROM ai_usage WHERE user_id = $1 AND month = $2", [
    userId,
    monthKey(now),
  ]);
  const used = Number(rows[0]?.used ?? 0);
  return { tokens: 0, used, limit, remaining: Math.max(0, limit - used) };
}
