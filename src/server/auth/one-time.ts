// One-time email tokens: each mail carries a link token (256 random bits) and, except for
// email-change links, a 6-digit code for typing in (verifyOtp); both are stored as SHA-256
// only, both are single use (the one row is consumed by either), and they expire. The code
// is valid for an hour at most, whatever the link's lifetime. Issuing a new token of a kind
// retires the user's older unused ones of that kind.
import crypto from "node:crypto";
import { and, eq, gt, inArray, isNull } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { oneTimeTokens } from "../db/index.js";
import { randomToken, sha256 } from "./random.js";

export type OneTimePurpose = "signup" | "recovery" | "email_change" | "magiclink" | "reauthentication";

const HOUR = 3600_000;
const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  signup: 24 * HOUR,
  recovery: HOUR,
  email_change: 24 * HOUR,
  magiclink: HOUR,
  reauthentication: HOUR,
};
/** How long a typed 6-digit code is accepted (GoTrue's default mailer OTP expiry). */
export const CODE_TTL_MS = HOUR;

/** GoTrue's prefix for link tokens of a PKCE flow; the verify redirect then carries ?code=. */
export const PKCE_PREFIX = "pkce_";

export function codeHash(email: string, code: string): string {
  return sha256(`${email.toLowerCase()}:${code}`);
}

export interface IssuedOneTime {
  /** The link token. */
  token: string;
  /** The 6-digit code mailed beside the link. */
  code: string;
}

export async function issueOneTimeToken(
  ctx: AppContext,
  input: { userId: string; purpose: OneTimePurpose; email: string; redirectTo: string; flowStateId?: string | null },
): Promise<IssuedOneTime> {
  const token = (input.flowStateId ? PKCE_PREFIX : "") + randomToken();
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.purpose, input.purpose), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: sha256(token),
      codeHash: codeHash(input.email, code),
      flowStateId: input.flowStateId ?? null,
      email: input.email,
      redirectTo: input.redirectTo,
      expiresAt: new Date(now.getTime() + ONE_TIME_TTL_MS[input.purpose]),
      createdAt: now,
    });
  });
  return { token, code };
}

export type OneTimeRow = typeof oneTimeTokens.$inferSelect;

/** Marks the link token used and returns it, or null when unknown, used, expired or of another kind. */
export async function consumeOneTimeToken(ctx: AppContext, raw: string, purposes: OneTimePurpose[]): Promise<OneTimeRow | null> {
  const now = ctx.now();
  // One conditional UPDATE: two clicks racing on one link cannot both succeed.
  const [row] = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, sha256(raw)), inArray(oneTimeTokens.purpose, purposes), isNull(oneTimeTokens.usedAt)))
    .returning();
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}

/** Marks the token whose code was mailed to `email` used; null when none matches (or it is over an hour old). */
export async function consumeOneTimeCode(
  ctx: AppContext,
  email: string,
  code: string,
  purposes: OneTimePurpose[],
): Promise<OneTimeRow | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const now = ctx.now();
  const [row] = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(oneTimeTokens.codeHash, codeHash(email, code)),
        inArray(oneTimeTokens.purpose, purposes),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        gt(oneTimeTokens.createdAt, new Date(now.getTime() - CODE_TTL_MS)),
      ),
    )
    .returning();
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) return null;
  return row;
}
