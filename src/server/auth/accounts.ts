// Sign-up and password sign-in.
import type { z } from "zod";
import type { PasswordGrantBody, SignupBody } from "../../shared/contracts/auth.js";
import { users } from "../db/index.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { sendConfirmation } from "./emails.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { assertPasswordStrength, hashPassword, verifyPassword } from "./passwords.js";
import { createFlowState, pkceChallenge } from "./pkce.js";
import { presentPendingSignup } from "./present.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { findUserByEmail, isUniqueViolation, splitMetadata } from "./users-repo.js";

export async function signUp(deps: AuthDeps, body: z.infer<typeof SignupBody>, req: RequestInfo) {
  const { ctx, limiter } = deps;
  await limiter.enforce(AUTH_RATE_RULES.signupPerIp, req.ip);
  await assertPasswordStrength(body.password);
  const pkce = pkceChallenge(body);
  const meta = splitMetadata(body.data);
  if ("error" in meta) throw gotrue.validation(meta.error);
  const fullName = meta.fullName ?? "";
  // Hash before looking the address up, so new and known addresses cost the same.
  const passwordHash = await hashPassword(body.password);
  const now = ctx.now();
  const autoconfirm = ctx.config.AUTH_AUTOCONFIRM;

  let created: typeof users.$inferSelect | undefined;
  if (!(await findUserByEmail(ctx.db, body.email))) {
    try {
      [created] = await ctx.db
        .insert(users)
        .values({
          email: body.email,
          passwordHash,
          fullName,
          userMetadata: meta.metadata,
          emailConfirmedAt: autoconfirm ? now : null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }

  if (autoconfirm) {
    // Auto-confirm hands out a session at once, so a known address cannot be hidden.
    if (!created) throw new GoTrueError(422, "user_already_exists", "User already registered");
    return deps.sessions.issue(created, { ip: req.ip, userAgent: req.userAgent });
  }

  const redirectTo = safeRedirect(ctx.config, req.redirectTo);
  if (created) {
    await limiter.hit(AUTH_RATE_RULES.emailPerAddress, `signup:${body.email}`);
    const flowStateId = pkce ? await createFlowState(ctx, created.id, "email/signup", pkce) : null;
    await sendConfirmation(ctx, { userId: created.id, email: created.email, redirectTo, flowStateId });
    return presentPendingSignup({ id: created.id, email: created.email, fullName, metadata: meta.metadata }, now);
  }
  // Known address: an unconfirmed account gets its confirmation again (at most once a
  // minute, silently); the password on file is never replaced by an unverified sign-up.
  const existing = await findUserByEmail(ctx.db, body.email);
  if (existing && !existing.emailConfirmedAt && (await limiter.hit(AUTH_RATE_RULES.emailPerAddress, `signup:${body.email}`)) === 0) {
    const flowStateId = pkce ? await createFlowState(ctx, existing.id, "email/signup", pkce) : null;
    await sendConfirmation(ctx, { userId: existing.id, email: existing.email, redirectTo, flowStateId });
  }
  return presentPendingSignup({ email: body.email, fullName, metadata: meta.metadata }, now);
}

export async function signInWithPassword(deps: AuthDeps, body: z.infer<typeof PasswordGrantBody>, req: RequestInfo) {
  const { ctx, limiter } = deps;
  const email = body.email.toLowerCase();
  const ipAccount = `${req.ip}|${email}`;
  await limiter.enforce(AUTH_RATE_RULES.passwordPerIp, req.ip);
  // Only failures count against an account: its owner signing in never uses up the limit,
  // and a guesser elsewhere locks out their own address first (rate-rules.ts).
  await limiter.enforceWaiting(AUTH_RATE_RULES.passwordPerIpAccount, ipAccount);
  await limiter.enforceWaiting(AUTH_RATE_RULES.passwordPerAccount, email);
  const user = await findUserByEmail(ctx.db, body.email);
  // verifyPassword spends one argon2 verification even without a user (timing parity).
  const ok = await verifyPassword(user?.passwordHash ?? null, body.password);
  if (!user || !ok) {
    await limiter.hit(AUTH_RATE_RULES.passwordPerIpAccount, ipAccount);
    await limiter.hit(AUTH_RATE_RULES.passwordPerAccount, email);
    throw gotrue.invalidCredentials();
  }
  if (!user.emailConfirmedAt) throw gotrue.emailNotConfirmed();
  return deps.sessions.issue(user, { ip: req.ip, userAgent: req.userAgent });
}
