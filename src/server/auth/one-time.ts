// One-time email-link tokens: 256 random bits, stored as SHA-256, single use, expiring.
// Issuing a new token of a kind retires the user's older unused ones of that kind.
import { and, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { oneTimeTokens } from "../db/index.js";
import { randomToken, sha256 } from "./random.js";

export type OneTimePurpose = "signup" | "recovery" | "email_change";

const ONE_TIME_TTL_MS: Record<OneTimePurpose, number> = {
  signup: 24 * 3600_000,
  recovery: 3600_000,
  email_change: 24 * 3600_000,
};

export async function issueOneTimeToken(
  ctx: AppContext,
  input: { userId: string; purpose: OneTimePurpose; email: string; redirectTo: string },
): Promise<string> {
  const raw = randomToken();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, input.userId), eq(oneTimeTokens.purpose, input.purpose), isNull(oneTimeTokens.usedAt)));
    await tx.insert(oneTimeTokens).values({
      userId: input.userId,
      purpose: input.purpose,
      tokenHash: sha256(raw),
      email: input.email,
      redirectTo: input.redirectTo,
      expiresAt: new Date(now.getTime() + ONE_TIME_TTL_MS[input.purpose]),
      createdAt: now,
    });
  });
  return raw;
}

export type OneTimeRow = typeof oneTimeTokens.$inferSelect;

/** Marks the token used and returns it, or null when unknown, used, expired or of another kind. */
export async function consumeOneTimeToken(ctx: AppContext, raw: string, purpose: OneTimePurpose): Promise<OneTimeRow | null> {
  const now = ctx.now();
  // One conditional UPDATE: two clicks racing on one link cannot both succeed.
  const [row] = await ctx.db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.tokenHash, sha256(raw)), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)))
    .returning();
  if (!row) return null;
  if (row.expiresAt.getTime() <= now.getTime()) return null;
  return row;
}
