// Sends the account emails: a fresh one-time token and its 6-digit code, a link on
// PUBLIC_URL, the template.
import {
  confirmationEmail,
  emailChangeEmail,
  magicLinkEmail,
  reauthenticationEmail,
  recoveryEmail,
} from "../mail/index.js";
import type { AppContext } from "../context.js";
import { issueOneTimeToken } from "./one-time.js";
import { verifyLink } from "./redirect.js";

interface Target {
  userId: string;
  email: string;
  /** Already checked by safeRedirect(). */
  redirectTo: string;
  /** The PKCE flow the link finishes (its verify redirect then carries ?code=). */
  flowStateId?: string | null;
}

export async function sendConfirmation(ctx: AppContext, t: Target): Promise<void> {
  const { token, code } = await issueOneTimeToken(ctx, { ...t, purpose: "signup" });
  await ctx.mailer.send(confirmationEmail(t.email, t.userId, verifyLink(ctx.config, token, "signup", t.redirectTo), code));
}

export async function sendRecovery(ctx: AppContext, t: Target): Promise<void> {
  const { token, code } = await issueOneTimeToken(ctx, { ...t, purpose: "recovery" });
  await ctx.mailer.send(recoveryEmail(t.email, t.userId, verifyLink(ctx.config, token, "recovery", t.redirectTo), code));
}

/** t.email is the NEW address: the link proves the user can read it. */
export async function sendEmailChange(ctx: AppContext, t: Target): Promise<void> {
  const { token, code } = await issueOneTimeToken(ctx, { ...t, purpose: "email_change" });
  await ctx.mailer.send(emailChangeEmail(t.email, t.userId, verifyLink(ctx.config, token, "email_change", t.redirectTo), code));
}

export async function sendMagicLink(ctx: AppContext, t: Target): Promise<void> {
  const { token, code } = await issueOneTimeToken(ctx, { ...t, purpose: "magiclink" });
  await ctx.mailer.send(magicLinkEmail(t.email, t.userId, verifyLink(ctx.config, token, "magiclink", t.redirectTo), code));
}

export async function sendReauthentication(ctx: AppContext, t: Omit<Target, "flowStateId">): Promise<void> {
  const { code } = await issueOneTimeToken(ctx, { ...t, purpose: "reauthentication" });
  await ctx.mailer.send(reauthenticationEmail(t.email, t.userId, code));
}
