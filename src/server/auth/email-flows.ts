// Recover, resend and verify: the flows that start or finish with an emailed link.
// recover and resend always answer 200 {} so they reveal nothing about which addresses
// exist; their limits count per address whether or not it is registered.
import { eq } from "drizzle-orm";
import { users } from "../db/index.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { sendConfirmation, sendEmailChange, sendRecovery } from "./emails.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { consumeOneTimeToken, type OneTimePurpose } from "./one-time.js";
import type { IssuedSession } from "./present.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { findUserByEmail, findUserById, isUniqueViolation } from "./users-repo.js";

export async function recover(deps: AuthDeps, email: string, req: RequestInfo): Promise<void> {
  const { ctx, limiter } = deps;
  await limiter.enforce(AUTH_RATE_RULES.emailPerIp, req.ip);
  await limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `recovery:${email}`);
  const redirectTo = safeRedirect(ctx.config, req.redirectTo);
  // The lookup, the token and the mail run after the answer: a known address must not take
  // longer to answer than an unknown one.
  deps.afterResponse.run("recovery mail", async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (user) await sendRecovery(ctx, { userId: user.id, email: user.email, redirectTo });
  });
}

export async function resend(deps: AuthDeps, body: { email: string; type: "signup" | "email_change" }, req: RequestInfo) {
  const { ctx, limiter } = deps;
  await limiter.enforce(AUTH_RATE_RULES.emailPerIp, req.ip);
  await limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `${body.type}:${body.email}`);
  const user = await findUserByEmail(ctx.db, body.email);
  if (!user) return;
  const redirectTo = safeRedirect(ctx.config, req.redirectTo);
  if (body.type === "signup" && !user.emailConfirmedAt) {
    await sendConfirmation(ctx, { userId: user.id, email: user.email, redirectTo });
  } else if (body.type === "email_change" && user.pendingEmail) {
    await sendEmailChange(ctx, { userId: user.id, email: user.pendingEmail, redirectTo });
  }
}

export type VerifyType = "signup" | "email" | "recovery" | "email_change" | "magiclink" | "invite";

function purposeOf(type: VerifyType): OneTimePurpose | null {
  if (type === "signup" || type === "email") return "signup";
  if (type === "recovery") return "recovery";
  if (type === "email_change") return "email_change";
  return null;
}

export interface Verified {
  session: IssuedSession;
  /** The page the emailed link asked to return to (already checked). */
  redirectTo: string;
  type: "signup" | "recovery" | "email_change";
}

/** Consumes an emailed link's token and signs the user in. */
export async function verify(deps: AuthDeps, rawToken: string, type: VerifyType, req: RequestInfo): Promise<Verified> {
  const { ctx, limiter } = deps;
  await limiter.enforce(AUTH_RATE_RULES.verifyPerIp, req.ip);
  const purpose = purposeOf(type);
  if (!purpose) throw gotrue.otpExpired();
  const token = await consumeOneTimeToken(ctx, rawToken, purpose);
  if (!token) throw gotrue.otpExpired();
  let user: typeof users.$inferSelect | null | undefined = await findUserById(ctx.db, token.userId);
  if (!user) throw gotrue.otpExpired();
  const now = ctx.now();

  if (purpose === "signup" || purpose === "recovery") {
    // Following either link proves the user reads this inbox.
    if (token.email.toLowerCase() !== user.email.toLowerCase()) throw gotrue.otpExpired();
    if (!user.emailConfirmedAt) {
      [user] = await ctx.db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id)).returning();
    }
  } else {
    if (!user.pendingEmail || user.pendingEmail.toLowerCase() !== token.email.toLowerCase()) throw gotrue.otpExpired();
    try {
      [user] = await ctx.db
        .update(users)
        .set({ email: token.email, pendingEmail: null, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
      throw err;
    }
  }
  // Cached sessions carry the email and its confirmation.
  await ctx.sessionCache.evict({ userId: user!.id });
  const session = await deps.sessions.issue(user!, { ip: req.ip, userAgent: req.userAgent });
  const redirectTo = safeRedirect(ctx.config, req.redirectTo ?? token.redirectTo);
  return { session, redirectTo, type: purpose };
}
