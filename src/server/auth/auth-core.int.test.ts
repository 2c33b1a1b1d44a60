import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp, withToken } from "../test/harness.js";
import { getUser, signIn, signUp, uniqueEmail } from "./auth.test-util.js";

describe("/auth/v1 core (auto-confirm)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  it("signs up with a session at once and reads the user back", async () => {
    const email = uniqueEmail();
    const res = await signUp(t, email.toUpperCase(), "secret-one-1", "Ada Writer");
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ token_type: "bearer", expires_in: 3600, user: { email, user_metadata: { full_name: "Ada Writer" } } });
    expect(s.refresh_token.length).toBeGreaterThanOrEqual(43);
    expect(s.expires_at).toBe(Math.floor(t.clock.now.getTime() / 1000) + 3600);
    expect(s.user.email_confirmed_at).toBeTruthy();
    const me = await getUser(t, s.access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: s.user.id, email, aud: "authenticated", role: "authenticated" });
    // The JWT carries GoTrue's claims.
    const claims = JSON.parse(Buffer.from(s.access_token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({ sub: s.user.id, email, role: "authenticated", session_id: expect.any(String) });
    // The session works for the product API too.
    const api = await request(t, "GET", "/api/health", { user: withToken(s.access_token) });
    expect(api.statusCode).toBe(200);
  });

  it("refuses a second sign-up of the same address when auto-confirm hands out sessions", async () => {
    const email = uniqueEmail();
    expect((await signUp(t, email)).statusCode).toBe(200);
    const again = await signUp(t, email);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 422, error_code: "user_already_exists" });
  });

  it("rejects a short password with weak_password reasons and a bad email with validation_failed", async () => {
    const weak = await signUp(t, uniqueEmail(), "12345");
    expect(weak.statusCode).toBe(422);
    expect(weak.json()).toMatchObject({ error_code: "weak_password", weak_password: { reasons: ["length"] } });
    expect(weak.json().msg).toContain("at least 8 characters");
    const bad = await signUp(t, "not-an-email", "secret-one-1");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error_code: "validation_failed" });
  });

  it("accepts a long password whole (no truncation)", async () => {
    const email = uniqueEmail();
    const long = "x".repeat(500);
    expect((await signUp(t, email, long)).statusCode).toBe(200);
    expect((await signIn(t, email, long)).statusCode).toBe(200);
    expect((await signIn(t, email, "x".repeat(499))).statusCode).toBe(400);
    expect((await signIn(t, email, `${"x".repeat(500)}y`)).statusCode).toBe(400);
  });

  it("signs in with the password; a wrong password and an unknown email answer alike", async () => {
    const email = uniqueEmail();
    await signUp(t, email, "secret-one-1");
    const ok = await signIn(t, email, "secret-one-1");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.last_sign_in_at).toBeTruthy();
    const wrong = await signIn(t, email, "secret2");
    const unknown = await signIn(t, uniqueEmail("nobody"), "secret-one-1");
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({ code: 400, error_code: "invalid_credentials", msg: "Invalid login credentials" });
  });

  it("answers GET /user without a token 401 and logout revokes the session", async () => {
    const none = await request(t, "GET", "/auth/v1/user");
    expect(none.statusCode).toBe(401);
    expect(none.json().error_code).toBe("no_authorization");
    const s = (await signUp(t, uniqueEmail())).json();
    const out = await request(t, "POST", "/auth/v1/logout", { user: withToken(s.access_token) });
    expect(out.statusCode).toBe(204);
    const after = await getUser(t, s.access_token);
    expect(after.statusCode).toBe(403);
    expect(after.json().error_code).toBe("session_not_found");
  });

  it("serves settings and health", async () => {
    const settings = await request(t, "GET", "/auth/v1/settings");
    expect(settings.json()).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: true });
    const health = await request(t, "GET", "/auth/v1/health");
    expect(health.json()).toMatchObject({ name: "GoTrue", version: expect.any(String) });
    const jwks = await request(t, "GET", "/auth/v1/.well-known/jwks.json");
    expect(jwks.json()).toEqual({ keys: [] });
  });

  it("answers unsupported grants and malformed JSON in GoTrue's shape", async () => {
    const grant = await request(t, "POST", "/auth/v1/token?grant_type=magic", { payload: {} });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error_code).toBe("unsupported_grant_type");
    const bad = await t.app.inject({
      method: "POST",
      url: "/auth/v1/signup",
      payload: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error_code).toBe("bad_json");
  });
});
