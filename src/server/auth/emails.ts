// Sends the account emails: a fresh one-time token, a link on PUBLIC_URL, the template.
import { confirmationEmail, emailChangeEmail, recoveryEmail } from "../mail/index.js";
import type { AppContext } from "../context.js";
import { issueOneTimeToken } from "./one-time.js";
import { verifyLink } from "./redirect.js";

interface Target {
  userId: string;
  email: string;
  /** Already checked by safeRedirect(). */
  redirectTo: string;
}

export async function sendConfirmation(ctx: AppContext, t: Target): Promise<void> {
  const token = await issueOneTimeToken(ctx, { ...t, purpose: "signup" });
  await ctx.mailer.send(confirmationEmail(t.email, t.userId, verifyLink(ctx.config, token, "signup", t.redirectTo)));
}

export async function sendRecovery(ctx: AppContext, t: Target): Promise<void> {
  const token = await issueOneTimeToken(ctx, { ...t, purpose: "recovery" });
  await ctx.mailer.send(recoveryEmail(t.email, t.userId, verifyLink(ctx.config, token, "recovery", t.redirectTo)));
}

/** t.email is the NEW address: the link proves the user can read it. */
export async function sendEmailChange(ctx: AppContext, t: Target): Promise<void> {
  const token = await issueOneTimeToken(ctx, { ...t, purpose: "email_change" });
  await ctx.mailer.send(emailChangeEmail(t.email, t.userId, verifyLink(ctx.config, token, "email_change", t.redirectTo)));
}
