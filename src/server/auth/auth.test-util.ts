// Auth requests, unique addresses and outbox reads that the integration tests share.
import { afterResponseQueue } from "../mail/after-response.js";
import { type TestApp, request, withToken } from "../test/harness.js";

export async function signUp(t: TestApp, email: string, password = "correct horse", fullName = "Ada Writer", query = "") {
  return request(t, "POST", `/auth/v1/signup${query}`, { payload: { email, password, data: { full_name: fullName } } });
}

export async function signIn(t: TestApp, email: string, password: string, ip = "127.0.0.1") {
  return t.app.inject({
    method: "POST",
    url: "/auth/v1/token?grant_type=password",
    payload: { email, password },
    remoteAddress: ip,
  });
}

export async function refresh(t: TestApp, refreshToken: string) {
  return request(t, "POST", "/auth/v1/token?grant_type=refresh_token", { payload: { refresh_token: refreshToken } });
}

export async function getUser(t: TestApp, accessToken: string) {
  return request(t, "GET", "/auth/v1/user", { user: withToken(accessToken) });
}

let counter = 0;
export function uniqueEmail(prefix = "writer"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}

/** The outbox messages for an address, newest first (after the mail queued by earlier requests). */
export async function outboxFor(t: TestApp, email: string) {
  await afterResponseQueue(t.ctx).drain();
  const rows = await t.database.sql.query<{ subject: string; text_body: string; html_body: string; links: { label: string; url: string }[] }>(
    "SELECT subject, text_body, html_body, links FROM mail_outbox WHERE lower(to_email) = lower($1) ORDER BY created_at DESC, id",
    [email],
  );
  return rows.map((r) => ({ subject: r.subject, text: r.text_body, html: r.html_body, links: r.links }));
}

export function tokenFromLink(url: string): string {
  return new URL(url).searchParams.get("token")!;
}
