// Recover, resend, magic link / email code (otp), reauthenticate and verify: the flows that
// start or finish with an emailed link or code. recover, resend and otp always answer
// 200 {} so they reveal nothing about which addresses exist (otp with create_user:false
// too, where GoTrue answers 422 otp_disabled for an unknown address); their limits count
// per address whether or not it is registered.
import { eq } from "drizzle-orm";
import { users } from "../db/index.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { sendConfirmation, sendEmailChange, sendMagicLink, sendReauthentication, sendRecovery } from "./emails.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { consumeOneTimeCode, consumeOneTimeToken, type OneTimePurpose, type OneTimeRow } from "./one-time.js";
import { createFlowState, issueAuthCode, type PkceParams, pkceChallenge } from "./pkce.js";
import type { IssuedSession, UserRow } from "./present.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { findUserByEmail, findUserById, isUniqueViolation, splitMetadata } from "./users-repo.js";

export async function recover(deps: AuthDeps, body: { email: string } & PkceParams, req: RequestInfo): Promise<void> {
  const { ctx, limiter } = deps;
  const email = body.email;
  const pkce = pkceChallenge(body);
  await limiter.enforce(AUTH_RATE_RULES.emailPerIp, req.ip);
  await limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `recovery:${email}`);
  const redirectTo = safeRedirect(ctx.config, req.redirectTo);
  // The lookup, the token and the mail run after the answer: a known address must not take
  // longer to answer than an unknown one.
  deps.afterResponse.run("recovery mail", async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const flowStateId = pkce ? await createFlowState(ctx, user.id, "recovery", pkce) : null;
    await sendRecovery(ctx, { userId: user.id, email: user.email, redirectTo, flowStateId });
  });
}

/**
 * POST /otp with an email (signInWithOtp): a mail with a sign-in link and a 6-digit code.
 * A confirmed account gets a magic link; an unconfirmed one (or a new one, created without a
 * password when create_user is not false) gets its confirmation, which signs in the same way.
 * Unknown addresses with create_user:false get nothing, and the same answer.
 */
export async function otp(
  deps: AuthDeps,
  body: { email: string; create_user?: boolean | null; data?: Record<string, unknown> | null } & PkceParams,
  req: RequestInfo,
): Promise<void> {
  const { ctx, limiter } = deps;
  const pkce = pkceChallenge(body);
  const meta = splitMetadata(body.data);
  if ("error" in meta) throw gotrue.validation(meta.error);
  await limiter.enforce(AUTH_RATE_RULES.emailPerIp, req.ip);
  await limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `otp:${body.email}`);
  const redirectTo = safeRedirect(ctx.config, req.redirectTo);
  const createUser = body.create_user !== false;
  deps.afterResponse.run("sign-in mail", async () => {
    let user = await findUserByEmail(ctx.db, body.email);
    if (!user && createUser) {
      const now = ctx.now();
      try {
        const [created] = await ctx.db
          .insert(users)
          .values({
            email: body.email,
            passwordHash: null,
            fullName: meta.fullName ?? "",
            userMetadata: meta.metadata,
            emailConfirmedAt: ctx.config.AUTH_AUTOCONFIRM ? now : null,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        user = created ?? null;
      } catch (err) {
        if (!isUniqueViolation(err)) throw err;
        user = await findUserByEmail(ctx.db, body.email);
      }
    }
    if (!user) return;
    const confirmed = !!user.emailConfirmedAt;
    const flowStateId = pkce ? await createFlowState(ctx, user.id, confirmed ? "magiclink" : "email/signup", pkce) : null;
    const target = { userId: user.id, email: user.email, redirectTo, flowStateId };
    if (confirmed) await sendMagicLink(ctx, target);
    else await sendConfirmation(ctx, target);
  });
}

/** GET /reauthenticate: mails the signed-in user a code for PUT /user's nonce. */
export async function reauthenticate(deps: AuthDeps, user: UserRow, req: RequestInfo): Promise<void> {
  const { ctx, limiter } = deps;
  if (!user.emailConfirmedAt) throw new GoTrueError(422, "email_not_confirmed", "Please verify your email first.");
  await limiter.enforce(AUTH_RATE_RULES.emailPerIp, req.ip);
  await limiter.enforce(AUTH_RATE_RULES.emailPerAddress, `reauthentication:${user.email.toLowerCase()}`);
  await sendReauthentication(ctx, { userId: user.id, email: user.email, redirectTo: safeRedirect(ctx.config, null) });
}

/** Checks (and uses up) a reauthentication code of the user; throws GoTrue's reauthentication_not_valid. */
export async function consumeReauthentication(deps: AuthDeps, user: UserRow, nonce: string): Promise<void> {
  const address = user.email.toLowerCase();
  await deps.limiter.enforceWaiting(AUTH_RATE_RULES.codeFailuresPerAddress, address);
  const row = await consumeOneTimeCode(deps.ctx, user.email, nonce.trim(), ["reauthentication"]);
  if (!row || row.userId !== user.id) {
    await deps.limiter.hit(AUTH_RATE_RULES.codeFailuresPerAddress, address);
    throw new GoTrueError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");
  }
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

/** Which mailed tokens a verify type accepts (GoTrue: `email` and `magiclink` take either sign-in mail). */
function purposesOf(type: VerifyType): OneTimePurpose[] {
  if (type === "signup") return ["signup"];
  if (type === "email" || type === "magiclink") return ["magiclink", "signup"];
  if (type === "recovery") return ["recovery"];
  if (type === "email_change") return ["email_change"];
  return [];
}

export interface Verified {
  /** The session, or (a link of a PKCE flow followed in the browser) null and authCode. */
  session: IssuedSession | null;
  authCode: string | null;
  /** The page the emailed link asked to return to (already checked). */
  redirectTo: string;
  type: "signup" | "recovery" | "email_change" | "magiclink";
}

export type VerifyInput = { tokenHash: string } | { email: string; code: string };

/**
 * Consumes an emailed link's token (or the 6-digit code mailed to an address) and signs
 * the user in. `viaLink` is GET /verify: a token of a PKCE flow then yields an auth code
 * for POST /token?grant_type=pkce instead of a session.
 */
export async function verify(deps: AuthDeps, input: VerifyInput, type: VerifyType, req: RequestInfo, viaLink = false): Promise<Verified> {
  const { ctx, limiter } = deps;
  await limiter.enforce(AUTH_RATE_RULES.verifyPerIp, req.ip);
  const purposes = purposesOf(type);
  if (purposes.length === 0) throw gotrue.otpExpired();
  let token: OneTimeRow | null;
  if ("tokenHash" in input) {
    token = await consumeOneTimeToken(ctx, input.tokenHash, purposes);
  } else {
    const address = input.email.toLowerCase();
    await limiter.enforceWaiting(AUTH_RATE_RULES.codeFailuresPerAddress, address);
    token = await consumeOneTimeCode(ctx, address, input.code.trim(), purposes);
    if (!token) {
      await limiter.hit(AUTH_RATE_RULES.codeFailuresPerAddress, address);
      throw new GoTrueError(403, "otp_expired", "Token has expired or is invalid");
    }
  }
  if (!token) throw gotrue.otpExpired();
  let user: typeof users.$inferSelect | null | undefined = await findUserById(ctx.db, token.userId);
  if (!user) throw gotrue.otpExpired();
  const now = ctx.now();
  const purpose = token.purpose as OneTimePurpose;

  if (purpose !== "email_change") {
    // Following a sign-up, sign-in or recovery link proves the user reads this inbox.
    if (token.email.toLowerCase() !== user.email.toLowerCase()) throw gotrue.otpExpired();
    if (!user.emailConfirmedAt) {
      [user] = await ctx.db.update(users).set({ emailConfirmedAt: now, updatedAt: now }).where(eq(users.id, user.id)).returning();
    }
  } else {
    if (!user.pendingEmail || user.pendingEmail.toLowerCase() !== token.email.toLowerCase()) throw gotrue.otpExpired();
    try {
      [user] = await ctx.db
        .update(users)
        .set({ email: token.email, pendingEmail: null, emailChangeSentAt: null, emailConfirmedAt: now, updatedAt: now })
        .where(eq(users.id, user.id))
        .returning();
    } catch (err) {
      if (isUniqueViolation(err)) throw new GoTrueError(422, "email_exists", "A user with this email address has already been registered");
      throw err;
    }
  }
  // Cached sessions carry the email and its confirmation.
  await ctx.sessionCache.evict({ userId: user!.id });
  const redirectTo = safeRedirect(ctx.config, req.redirectTo ?? token.redirectTo);
  const kind = purpose === "reauthentication" ? "signup" : purpose;
  if (viaLink && token.flowStateId) {
    const authCode = await issueAuthCode(ctx, token.flowStateId);
    if (!authCode) throw new GoTrueError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    return { session: null, authCode, redirectTo, type: kind };
  }
  const method = purpose === "signup" ? "otp" : purpose === "magiclink" ? "otp" : purpose;
  const session = await deps.sessions.issue(user!, { ip: req.ip, userAgent: req.userAgent }, method);
  return { session, authCode: null, redirectTo, type: kind };
}
