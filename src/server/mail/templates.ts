// The account emails. Every link is built from PUBLIC_URL by the caller, never from the
// request's Host header, so a forged Host cannot point a reset link at another site.
import type { MailMessage } from "./providers/index.js";

const PRODUCT = "Draftsmith";

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function codeBlock(code: string | undefined): string {
  if (!code) return "";
  return `<p style="margin:0 0 16px">Or enter this code: <strong style="font-size:22px;letter-spacing:4px">${escapeHtml(code)}</strong></p>`;
}

function layout(heading: string, paragraphs: string[], action: { label: string; url: string }, footnote: string, code?: string): string {
  const p = paragraphs.map((t) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`).join("");
  return `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;line-height:1.5;color:#1f2937">
<div style="max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${p}
<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>
<p style="font-size:13px;color:#6b7280">If the button does not work, open this link:<br>${escapeHtml(action.url)}</p>${codeBlock(code)}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>
<p style="font-size:13px;color:#6b7280">— The ${PRODUCT} team</p></div></body></html>`;
}

function build(
  to: string,
  userId: string | null,
  subject: string,
  heading: string,
  paragraphs: string[],
  action: { label: string; url: string },
  footnote: string,
  code?: string,
): MailMessage {
  const codeLines = code ? [`Or enter this code: ${code}`, ""] : [];
  const text = [heading, "", ...paragraphs, "", `${action.label}: ${action.url}`, "", ...codeLines, footnote, "", `— The ${PRODUCT} team`].join("\n");
  return { to, userId, subject, text, html: layout(heading, paragraphs, action, footnote, code), links: [action] };
}

export function confirmationEmail(to: string, userId: string, url: string, code?: string): MailMessage {
  return build(
    to,
    userId,
    `Confirm your ${PRODUCT} account`,
    `Welcome to ${PRODUCT}!`,
    ["Thanks for signing up. Confirm your email address to start writing."],
    { label: "Confirm your email", url },
    code
      ? "The link expires in 24 hours, the code in 1 hour. If you did not create an account, you can ignore this email."
      : "This link expires in 24 hours. If you did not create an account, you can ignore this email.",
    code,
  );
}

export function recoveryEmail(to: string, userId: string, url: string, code?: string): MailMessage {
  return build(
    to,
    userId,
    `Reset your ${PRODUCT} password`,
    "Reset your password",
    [`Someone asked to reset the password of your ${PRODUCT} account. Follow the link to choose a new one.`],
    { label: "Reset password", url },
    "This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email; your password stays the same.",
    code,
  );
}

/** Passwordless sign-in (POST /auth/v1/otp): a link and the same sign-in as a 6-digit code. */
export function magicLinkEmail(to: string, userId: string, url: string, code: string): MailMessage {
  return build(
    to,
    userId,
    `Your ${PRODUCT} sign-in link`,
    `Sign in to ${PRODUCT}`,
    [`Follow the link to sign in to your ${PRODUCT} account.`],
    { label: "Sign in", url },
    "The link and the code expire in 1 hour and work once. If you did not ask to sign in, you can ignore this email.",
    code,
  );
}

/** The code that confirms a sensitive change (GET /auth/v1/reauthenticate); no link. */
export function reauthenticationEmail(to: string, userId: string, code: string): MailMessage {
  const heading = "Confirm it is you";
  const lines = [`Enter this code in ${PRODUCT} to confirm the change to your account: ${code}`];
  const footnote = "The code expires in 1 hour and works once. If you did not ask for it, someone may know your password: change it.";
  const text = [heading, "", ...lines, "", footnote, "", `— The ${PRODUCT} team`].join("\n");
  const html = `<!doctype html><html><body style="font-family:Inter,Arial,sans-serif;line-height:1.5;color:#1f2937">
<div style="max-width:520px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">Enter this code in ${PRODUCT} to confirm the change to your account:</p>${codeBlock(code).replace("Or enter this code: ", "")}
<p style="font-size:13px;color:#6b7280">${escapeHtml(footnote)}</p>
<p style="font-size:13px;color:#6b7280">— The ${PRODUCT} team</p></div></body></html>`;
  return { to, userId, subject: `Your ${PRODUCT} confirmation code`, text, html, links: [] };
}

export function emailChangeEmail(to: string, userId: string, url: string, code?: string): MailMessage {
  return build(
    to,
    userId,
    `Confirm your new ${PRODUCT} email address`,
    "Confirm your new email address",
    [`Follow the link to use ${to} for your ${PRODUCT} account from now on.`],
    { label: "Confirm email change", url },
    code
      ? "The link expires in 24 hours, the code in 1 hour. If you did not ask for this change, you can ignore this email."
      : "This link expires in 24 hours. If you did not ask for this change, you can ignore this email.",
    code,
  );
}

/** An owner invited `to` to a document; the link opens it once they are signed in. */
export function invitationEmail(
  to: string,
  userId: string | null,
  invite: { inviterName: string; documentTitle: string; role: "viewer" | "commenter" | "editor"; url: string },
): MailMessage {
  const what = invite.role === "editor" ? "edit" : invite.role === "commenter" ? "comment on" : "view";
  return build(
    to,
    userId,
    `${invite.inviterName} shared "${invite.documentTitle}" with you`,
    `${invite.inviterName} invited you to ${what} a document`,
    [
      `${invite.inviterName} shared "${invite.documentTitle}" with you on ${PRODUCT}, and you can ${what} it.`,
      `Sign in or create a free account with this email address to accept or decline it. It will also wait under "Shared with me" on your dashboard.`,
    ],
    { label: "Accept or decline the invitation", url: invite.url },
    "If you did not expect this invitation, you can ignore this email.",
  );
}
