// The flows of issue 37 with the official, unmodified @supabase/auth-js client against the
// listening server: token claims, not_admin, the 2024-01-01 error format, refresh-token
// reuse, PKCE (sign-up, recovery, magic link), magic links and 6-digit email codes, and
// reauthentication. Mails are read from the built-in outbox.
import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { outboxFor, uniqueEmail } from "./auth.test-util.js";

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

function codeIn(text: string): string {
  const m = /code: (\d{6})/.exec(text) ?? /: (\d{6})\b/.exec(text);
  if (!m) throw new Error(`no code in mail:\n${text}`);
  return m[1]!;
}

/** A JSON answer, read field by field. */
const json = async (res: Response): Promise<any> => res.json();

async function start(env: Record<string, string>) {
  const t = await createTestApp(env);
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  return { t, base: `${address}/auth/v1` };
}

describe("@supabase/auth-js: claims, errors, PKCE, email codes (issue 37)", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await start({ AUTH_AUTOCONFIRM: "false" }));
  }, 180_000);
  afterAll(async () => t.close());

  const client = (flowType: "implicit" | "pkce" = "implicit", storage = memoryStorage()) =>
    new AuthClient({ url: base, storage, storageKey: "draftsmith.auth", autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, flowType });

  /** Follows an emailed link without following its redirect; returns the Location. */
  async function follow(link: string): Promise<URL> {
    const url = new URL(link);
    const res = await fetch(`${base}/verify${url.search}`, { redirect: "manual" });
    expect(res.status).toBe(303);
    return new URL(res.headers.get("location")!);
  }

  /** A confirmed user signed in with a client of the given flow type. */
  async function confirmedUser(flowType: "implicit" | "pkce" = "implicit", data: Record<string, unknown> = { full_name: "Ada Writer" }) {
    const auth = client(flowType);
    const email = uniqueEmail("flows");
    const signup = await auth.signUp({ email, password: "first-pass", options: { data } });
    expect(signup.error).toBeNull();
    const [mail] = await outboxFor(t, email);
    const v = await auth.verifyOtp({ email, token: codeIn(mail!.text), type: "signup" });
    expect(v.error).toBeNull();
    return { auth, email };
  }

  it("puts the user's real metadata and app_metadata in the access token (getClaims)", async () => {
    const { auth } = await confirmedUser("implicit", { full_name: "Grace Hopper", pen_name: "G.H." });
    const { data, error } = await auth.getClaims();
    expect(error).toBeNull();
    expect(data!.claims.user_metadata).toMatchObject({ full_name: "Grace Hopper", pen_name: "G.H.", email_verified: true });
    expect(data!.claims.app_metadata).toEqual({ provider: "email", providers: ["email"] });
    await auth.updateUser({ data: { pen_name: "Amazing Grace" } });
    await auth.refreshSession();
    expect((await auth.getClaims()).data!.claims.user_metadata).toMatchObject({ pen_name: "Amazing Grace" });
  });

  it("refuses app_metadata in PUT /user with 403 not_admin", async () => {
    const { auth } = await confirmedUser();
    const res = await auth.updateUser({ app_metadata: { role: "admin" } } as never);
    expect(res.error?.status).toBe(403);
    expect(res.error?.code).toBe("not_admin");
    expect((await auth.getUser()).data.user!.app_metadata).toEqual({ provider: "email", providers: ["email"] });
  });

  it("answers errors in the 2024-01-01 format when asked, in the initial one otherwise", async () => {
    const body = JSON.stringify({ email: "nobody@example.com", password: "whatever-pw" });
    const headers = { "content-type": "application/json" };
    const v2024 = await fetch(`${base}/token?grant_type=password`, {
      method: "POST",
      body,
      headers: { ...headers, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(v2024.status).toBe(400);
    expect(v2024.headers.get("x-supabase-api-version")).toBe("2024-01-01");
    expect(await v2024.json()).toEqual({ code: "invalid_credentials", message: "Invalid login credentials" });
    const initial = await fetch(`${base}/token?grant_type=password`, { method: "POST", body, headers });
    expect(initial.headers.get("x-supabase-api-version")).toBeNull();
    expect(await initial.json()).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
    // An earlier date or a malformed one gets the initial format (GoTrue's DetermineClosestAPIVersion).
    for (const version of ["2023-12-31", "latest"]) {
      const res = await fetch(`${base}/token?grant_type=password`, {
        method: "POST",
        body,
        headers: { ...headers, "X-Supabase-Api-Version": version },
      });
      expect(res.headers.get("x-supabase-api-version")).toBeNull();
      expect(await json(res)).toMatchObject({ code: 400, error_code: "invalid_credentials" });
    }
    // auth-js sends the header and reads the code from the new format.
    const viaClient = await client().signInWithPassword({ email: "nobody@example.com", password: "whatever-pw" });
    expect(viaClient.error?.code).toBe("invalid_credentials");
    // Weak passwords keep their reasons in both formats.
    const weak = await client().signUp({ email: uniqueEmail("weak"), password: "abc" });
    expect(weak.error?.name).toBe("AuthWeakPasswordError");
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);
  });

  it("refresh-token reuse: the parent of the active token gets the active pair; an older one past 10 s signs out", async () => {
    const { auth } = await confirmedUser();
    const first = (await auth.getSession()).data.session!;
    const second = (await auth.refreshSession()).data.session!;
    t.clock.advance(60_000);
    // A client that lost the answer to its refresh still holds `first`.
    const lost = await client().refreshSession({ refresh_token: first.refresh_token });
    expect(lost.error).toBeNull();
    expect(lost.data.session!.refresh_token).toBe(second.refresh_token);
    const third = (await auth.refreshSession()).data.session!;
    t.clock.advance(60_000);
    const stolen = await client().refreshSession({ refresh_token: first.refresh_token });
    expect(stolen.error?.code).toBe("refresh_token_already_used");
    const after = await client().refreshSession({ refresh_token: third.refresh_token });
    expect(after.error?.code).toBe("refresh_token_not_found");
  });

  it("returns the email identity on sign-up and email_change_sent_at on an email change", async () => {
    const auth = client();
    const email = uniqueEmail("ident");
    const signup = await auth.signUp({ email, password: "first-pass" });
    expect(signup.data.user!.identities).toHaveLength(1);
    expect(signup.data.user!.identities![0]).toMatchObject({ provider: "email", email });
    const { auth: signedIn } = await confirmedUser();
    const newEmail = uniqueEmail("moved");
    const changed = await signedIn.updateUser({ email: newEmail });
    expect(changed.error).toBeNull();
    expect(changed.data.user!.new_email).toBe(newEmail);
    expect(changed.data.user!.email_change_sent_at).toBe(t.clock.now.toISOString());
    // The new address gets a link and a code; the code finishes the change.
    const [mail] = await outboxFor(t, newEmail);
    const v = await signedIn.verifyOtp({ email: newEmail, token: codeIn(mail!.text), type: "email_change" });
    expect(v.error).toBeNull();
    expect(v.data.user!.email).toBe(newEmail);
  });

  it("PKCE sign-up: the emailed link redirects with ?code= and exchangeCodeForSession signs in", async () => {
    const auth = client("pkce");
    const email = uniqueEmail("pkce-signup");
    const signup = await auth.signUp({ email, password: "first-pass", options: { emailRedirectTo: "http://localhost:3000/welcome" } });
    expect(signup.error).toBeNull();
    const [mail] = await outboxFor(t, email);
    const location = await follow(mail!.links[0]!.url);
    expect(location.origin + location.pathname).toBe("http://localhost:3000/welcome");
    expect(location.hash).toBe("");
    const code = location.searchParams.get("code")!;
    expect(code).toBeTruthy();
    // The link works once; a PKCE link's error is in the query too (GoTrue), for the server page that exchanges codes.
    const reused = await follow(mail!.links[0]!.url);
    expect(reused.searchParams.get("error_code")).toBe("otp_expired");
    expect(new URLSearchParams(reused.hash.slice(1)).get("error_code")).toBe("otp_expired");
    const exchanged = await auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session!.user.email).toBe(email);
    expect(exchanged.data.session!.user.email_confirmed_at).toBeTruthy();
    // One use.
    const again = await fetch(`${base}/token?grant_type=pkce`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ auth_code: code, code_verifier: "x".repeat(43) }),
    });
    expect(again.status).toBe(404);
    expect((await json(again)).error_code).toBe("flow_state_not_found");
  });

  it("PKCE recovery: exchangeCodeForSession reports PASSWORD_RECOVERY and the password can be changed", async () => {
    const { email } = await confirmedUser();
    const auth = client("pkce");
    t.clock.advance(61_000);
    expect((await auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:3000/reset-password" })).error).toBeNull();
    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toContain("Reset");
    const location = await follow(mail!.links[0]!.url);
    expect(location.pathname).toBe("/reset-password");
    const events: string[] = [];
    auth.onAuthStateChange((e) => void events.push(e));
    const exchanged = await auth.exchangeCodeForSession(location.searchParams.get("code")!);
    expect(exchanged.error).toBeNull();
    expect((exchanged.data as { redirectType?: string | null }).redirectType).toBe("recovery");
    expect(events).toContain("PASSWORD_RECOVERY");
    expect((await auth.updateUser({ password: "second-pass" })).error).toBeNull();
    expect((await client().signInWithPassword({ email, password: "second-pass" })).error).toBeNull();
  });

  it("PKCE magic link: signInWithOtp, the link, exchangeCodeForSession; a wrong verifier and a late code are refused", async () => {
    const { email } = await confirmedUser();
    const auth = client("pkce");
    expect((await auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toContain("sign-in");
    const code = (await follow(mail!.links[0]!.url)).searchParams.get("code")!;
    const wrong = await fetch(`${base}/token?grant_type=pkce`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ auth_code: code, code_verifier: "y".repeat(43) }),
    });
    expect(wrong.status).toBe(400);
    expect((await json(wrong)).code).toBe("bad_code_verifier");
    const ok = await auth.exchangeCodeForSession(code);
    expect(ok.error).toBeNull();
    expect(ok.data.user!.email).toBe(email);

    // The code expires 5 minutes after the link was followed.
    const late = client("pkce");
    t.clock.advance(61_000);
    await late.signInWithOtp({ email, options: { shouldCreateUser: false } });
    const [latest] = await outboxFor(t, email);
    const lateCode = (await follow(latest!.links[0]!.url)).searchParams.get("code")!;
    t.clock.advance(301_000);
    const expired = await late.exchangeCodeForSession(lateCode);
    expect(expired.error?.code).toBe("flow_state_expired");
  });

  it("PKCE with the plain method and with invalid parameters", async () => {
    const { email } = await confirmedUser();
    const verifier = "v".repeat(50);
    t.clock.advance(61_000);
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    expect((await post("/otp", { email, create_user: false, code_challenge: verifier, code_challenge_method: "plain" })).status).toBe(200);
    const [mail] = await outboxFor(t, email);
    const code = (await follow(mail!.links[0]!.url)).searchParams.get("code")!;
    const res = await post("/token?grant_type=pkce", { auth_code: code, code_verifier: verifier });
    expect(res.status).toBe(200);
    expect((await json(res)).user.email).toBe(email);
    const half = await post("/recover", { email, code_challenge: verifier });
    expect(half.status).toBe(400);
    expect((await json(half)).msg).toBe("PKCE flow requires code_challenge_method and code_challenge");
    const short = await post("/signup", { email: uniqueEmail("short"), password: "first-pass", code_challenge: "abc", code_challenge_method: "s256" });
    expect((await json(short)).error_code).toBe("validation_failed");
  });

  it("signInWithOtp + verifyOtp: a new address gets an account, a known one signs in; mails carry a link and a code", async () => {
    const auth = client();
    const email = uniqueEmail("otp-new");
    expect((await auth.signInWithOtp({ email, options: { data: { full_name: "Otto" } } })).error).toBeNull();
    const [first] = await outboxFor(t, email);
    expect(first!.links).toHaveLength(1);
    expect(first!.text).toMatch(/\b\d{6}\b/);
    const wrong = await auth.verifyOtp({ email, token: "000000" === codeIn(first!.text) ? "111111" : "000000", type: "email" });
    expect(wrong.error?.code).toBe("otp_expired");
    const v = await auth.verifyOtp({ email, token: codeIn(first!.text), type: "email" });
    expect(v.error).toBeNull();
    expect(v.data.user!.email_confirmed_at).toBeTruthy();
    expect(v.data.user!.user_metadata.full_name).toBe("Otto");
    // The code works once.
    expect((await client().verifyOtp({ email, token: codeIn(first!.text), type: "email" })).error?.code).toBe("otp_expired");

    t.clock.advance(61_000);
    const again = client();
    expect((await again.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull();
    const [second] = await outboxFor(t, email);
    expect(second!.subject).toContain("sign-in");
    // The link signs in too (implicit flow: tokens in the fragment, type=magiclink).
    const location = await follow(second!.links[0]!.url);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get("type")).toBe("magiclink");
    expect(fragment.get("access_token")).toBeTruthy();
  });

  it("signInWithOtp with shouldCreateUser:false answers the same for an unknown address and sends nothing", async () => {
    const { email } = await confirmedUser();
    t.clock.advance(61_000);
    const unknown = uniqueEmail("otp-unknown");
    const raw = (address: string) =>
      fetch(`${base}/otp`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: address, create_user: false }),
      });
    const known = await raw(email);
    const missing = await raw(unknown);
    expect(missing.status).toBe(known.status);
    expect(await missing.text()).toBe(await known.text());
    expect(await outboxFor(t, unknown)).toHaveLength(0);
    // The per-address mail limit applies to both alike.
    expect((await raw(unknown)).status).toBe(429);
  });

  it("wrong codes for one address are limited", async () => {
    const auth = client();
    const email = uniqueEmail("otp-guess");
    await auth.signInWithOtp({ email });
    const [mail] = await outboxFor(t, email);
    const right = codeIn(mail!.text);
    let last: string | undefined;
    for (let i = 0; i < 11; i++) {
      const guess = String((Number(right) + 1 + i) % 1_000_000).padStart(6, "0");
      last = (await client().verifyOtp({ email, token: guess, type: "email" })).error?.code;
    }
    expect(last).toBe("over_request_rate_limit");
    expect((await client().verifyOtp({ email, token: right, type: "email" })).error?.code).toBe("over_request_rate_limit");
  });
});

describe("@supabase/auth-js: reauthentication with AUTH_SECURE_PASSWORD_CHANGE=true", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    ({ t, base } = await start({ AUTH_AUTOCONFIRM: "true", AUTH_SECURE_PASSWORD_CHANGE: "true" }));
  }, 180_000);
  afterAll(async () => t.close());

  it("asks for the mailed nonce to change the password in a session older than 24 hours", async () => {
    const auth = new AuthClient({ url: base, storage: memoryStorage(), storageKey: "k", autoRefreshToken: false, persistSession: true, detectSessionInUrl: false });
    const email = uniqueEmail("reauth");
    expect((await auth.signUp({ email, password: "first-pass" })).error).toBeNull();
    // A fresh sign-in may change the password at once (GoTrue's rule).
    expect((await auth.updateUser({ password: "second-pass" })).error).toBeNull();

    t.clock.advance(25 * 3600_000);
    expect((await auth.refreshSession()).error).toBeNull();
    const refused = await auth.updateUser({ password: "third-pass" });
    expect(refused.error?.code).toBe("reauthentication_needed");
    expect((await auth.reauthenticate()).error).toBeNull();
    const [mail] = await outboxFor(t, email);
    expect(mail!.links).toHaveLength(0);
    const nonce = codeIn(mail!.text);
    const bad = await auth.updateUser({ password: "third-pass", nonce: nonce === "123456" ? "654321" : "123456" });
    expect(bad.error?.code).toBe("reauthentication_not_valid");
    expect((await auth.updateUser({ password: "third-pass", nonce })).error).toBeNull();
    // The nonce works once.
    expect((await auth.updateUser({ password: "fourth-pass", nonce })).error?.code).toBe("reauthentication_not_valid");
    expect((await auth.signInWithPassword({ email, password: "third-pass" })).error).toBeNull();
  });
});
