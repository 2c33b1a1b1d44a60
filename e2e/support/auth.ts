// Signed-in browser pages for end-to-end tests, without clicking through the UI:
//   const session = await signUpViaApi(server.url);            // a confirmed user + session
//   const page = await signInPage(browser, server.url, session);  // opens "/" signed in
// Needs the server started with AUTH_AUTOCONFIRM=true (startServer's default).
import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
// The key the app stores @supabase/auth-js's session under.
import { AUTH_STORAGE_KEY } from "../../src/client/lib/auth-client";

export { AUTH_STORAGE_KEY };

export interface ApiSession {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  expires_at: number;
  token_type: "bearer";
  user: { id: string; email: string; user_metadata: { full_name?: string }; [k: string]: unknown };
  /** The credentials used, for tests that sign in again through the UI. */
  email: string;
  password: string;
}

async function asSession(res: Response, email: string, password: string): Promise<ApiSession> {
  const body = await res.json();
  if (!res.ok || !body.access_token) {
    throw new Error(`auth failed (${res.status}): ${JSON.stringify(body)} — is AUTH_AUTOCONFIRM=true?`);
  }
  return { ...body, email, password };
}

/**
 * Creates a new user through POST /auth/v1/signup and returns its session.
 *
 * Spelling and grammar as you type is switched off for this user unless `grammarCheck` is
 * true: it loads a 16 MB checker into every editor page, 1.5 s of browser CPU each time
 * (measured 2026-11-27), and only the files that test it need it. Users who sign up through
 * the page keep the product's default (on).
 */
export async function signUpViaApi(
  url: string,
  opts: { email?: string; password?: string; fullName?: string; grammarCheck?: boolean } = {},
): Promise<ApiSession> {
  const email = opts.email ?? `e2e-${crypto.randomBytes(6).toString("hex")}@example.com`;
  const password = opts.password ?? "correct-horse-42";
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, data: { full_name: opts.fullName ?? "E2E Writer" } }),
  });
  const session = await asSession(res, email, password);
  if (opts.grammarCheck !== true) {
    const off = await fetch(`${url}/api/settings/preferences`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ grammarCheck: false }),
    });
    if (!off.ok) throw new Error(`could not switch grammar checking off (${off.status}): ${await off.text()}`);
  }
  return session;
}

/** A fresh session for an existing user (POST /auth/v1/token?grant_type=password). */
export async function signInViaApi(url: string, email: string, password: string): Promise<ApiSession> {
  const res = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return asSession(res, email, password);
}

/**
 * Stores the session where the auth client looks for it, in an existing context: before the
 * first script of the first page of `url`'s origin runs (a page opened only to write it cost
 * a renderer process, ~1 s of CPU). Only once per context, so a sign-out stays signed out.
 */
export async function putSessionInContext(context: BrowserContext, url: string, session: ApiSession): Promise<void> {
  const { email: _e, password: _p, ...stored } = session;
  await context.addInitScript(
    ([origin, key, value, marker]) => {
      if (location.origin !== origin || localStorage.getItem(marker!)) return;
      localStorage.setItem(marker!, "1");
      localStorage.setItem(key!, value!);
    },
    [new URL(url).origin, AUTH_STORAGE_KEY, JSON.stringify(stored), `e2e-session-${session.user.id}`],
  );
}

/**
 * A new browser context + page, signed in as `session`, opened at `path` (default "/").
 * Close it with `await page.context().close()`.
 */
export async function signInPage(browser: Browser, url: string, session: ApiSession, path = "/"): Promise<Page> {
  const context = await browser.newContext();
  await putSessionInContext(context, url, session);
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  return page;
}
