// Refresh rotation, the grace interval, reuse detection, concurrency, JWT checks, logout scopes.
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp, withToken } from "../test/harness.js";
import { users } from "../db/schema.js";
import { REFRESH_GRACE_MS, SessionService } from "./sessions.js";
import { getUser, refresh, signIn, signUp, uniqueEmail } from "./auth.test-util.js";

describe("/auth/v1 sessions", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  const newSession = async () => (await signUp(t, uniqueEmail("sess"), "secret-twelve")).json();
  const logout = (token: string, scope?: string) =>
    request(t, "POST", `/auth/v1/logout${scope ? `?scope=${scope}` : ""}`, { user: withToken(token) });
  // A product API call: its first use puts the verified token in the session cache.
  const docs = (token: string) => request(t, "GET", "/api/documents", { user: withToken(token) });

  it("rotates the refresh token on every refresh", async () => {
    const s = await newSession();
    const r1 = await refresh(t, s.refresh_token);
    expect(r1.statusCode).toBe(200);
    const s1 = r1.json();
    expect(s1.refresh_token).not.toBe(s.refresh_token);
    expect(s1.user.id).toBe(s.user.id);
    const r2 = await refresh(t, s1.refresh_token);
    expect(r2.statusCode).toBe(200);
    expect(r2.json().refresh_token).not.toBe(s1.refresh_token);
  });

  it("replaying the previous token within the grace interval returns the current pair", async () => {
    const s = await newSession();
    const first = (await refresh(t, s.refresh_token)).json();
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const replay = await refresh(t, s.refresh_token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().refresh_token).toBe(first.refresh_token);
    // The session is intact: the current token still rotates normally.
    expect((await refresh(t, first.refresh_token)).statusCode).toBe(200);
  });

  it("reuse of an older token outside the reuse interval revokes the whole session", async () => {
    const s = await newSession();
    const older = (await refresh(t, s.refresh_token)).json();
    const first = (await refresh(t, older.refresh_token)).json();
    expect((await docs(first.access_token)).statusCode).toBe(200);
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    // s is the grandparent of the active token: not a lost response, so theft.
    const reuse = await refresh(t, s.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error_code: "refresh_token_already_used" });
    // Both the legitimate current token and its access token are dead now.
    expect((await refresh(t, first.refresh_token)).json().error_code).toBe("refresh_token_not_found");
    expect((await getUser(t, first.access_token)).json().error_code).toBe("session_not_found");
    expect((await docs(first.access_token)).statusCode).toBe(401);
    const api = await request(t, "GET", "/api/health", { user: withToken(first.access_token) });
    expect(api.statusCode).toBe(200); // public route; but the hook saw no user:
    const { userFromAccessToken } = await import("../http/auth-hook.js");
    expect((await userFromAccessToken(t.ctx, first.access_token)).user).toBeNull();
  });

  it("the parent of the active token answers with the active pair even after the reuse interval (GoTrue)", async () => {
    const s = await newSession();
    const active = (await refresh(t, s.refresh_token)).json();
    t.clock.advance(REFRESH_GRACE_MS * 30);
    const replay = await refresh(t, s.refresh_token);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().refresh_token).toBe(active.refresh_token);
    expect((await refresh(t, active.refresh_token)).statusCode).toBe(200);
  });

  it("an older token within the reuse interval gets a new token of the session (GoTrue)", async () => {
    const s = await newSession();
    const a = (await refresh(t, s.refresh_token)).json();
    const b = (await refresh(t, a.refresh_token)).json();
    const replay = await refresh(t, s.refresh_token);
    expect(replay.statusCode).toBe(200);
    expect([a.refresh_token, b.refresh_token]).not.toContain(replay.json().refresh_token);
    // The session lives on: both the active token and the one just issued refresh.
    expect((await refresh(t, b.refresh_token)).statusCode).toBe(200);
    expect((await refresh(t, replay.json().refresh_token)).statusCode).toBe(200);
  });

  it("concurrent refreshes of one token get one answer", async () => {
    const s = await newSession();
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(t, s.refresh_token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const tokens = new Set(results.map((r) => r.json().refresh_token));
    expect(tokens.size).toBe(1);
    const rows = await t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id = (SELECT session_id FROM refresh_tokens WHERE user_id = $1 LIMIT 1)",
      [s.user.id],
    );
    expect(rows[0]!.n).toBe(2);
  });

  it("two server instances refreshing one token at once (row lock) agree on one successor", async () => {
    const s = await newSession();
    const [user] = await t.ctx.db.select().from(users).limit(1);
    const a = new SessionService(t.ctx, "shared-derivation-key");
    const b = new SessionService(t.ctx, "shared-derivation-key");
    const issued = await a.issue(user!);
    const [ra, rb] = await Promise.all([a.refresh(issued.refresh_token), b.refresh(issued.refresh_token)]);
    expect(ra.refresh_token).toBe(rb.refresh_token);
    expect(s.user.id).toBeTruthy();
  });

  it("an unknown refresh token is refresh_token_not_found", async () => {
    const res = await refresh(t, "not-a-real-token");
    expect(res.statusCode).toBe(400);
    expect(res.json().error_code).toBe("refresh_token_not_found");
  });

  it("rejects tampered, expired, wrongly signed and alg:none access tokens", async () => {
    const s = await newSession();
    const [h, p, sig] = s.access_token.split(".");
    const claims = JSON.parse(Buffer.from(p, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, email: "evil@example.com" })).toString("base64url");
    const tampered = `${h}.${forgedPayload}.${sig}`;
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    for (const bad of [tampered, none, otherKey, "garbage"]) {
      const res = await getUser(t, bad);
      expect(res.statusCode).toBe(403);
      expect(res.json().error_code).toBe("bad_jwt");
    }
    t.clock.advance(3601 * 1000);
    const expired = await getUser(t, s.access_token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ error_code: "bad_jwt" });
    expect(expired.json().msg).toContain("expired");
    // After expiry the refresh token still gets a new access token.
    expect((await refresh(t, s.refresh_token)).statusCode).toBe(200);
  });

  it("logout scope=local ends only this session", async () => {
    const email = uniqueEmail("scope");
    await signUp(t, email, "secret-twelve");
    const a = (await signIn(t, email, "secret-twelve")).json();
    const b = (await signIn(t, email, "secret-twelve")).json();
    expect((await docs(a.access_token)).statusCode).toBe(200);
    expect((await docs(b.access_token)).statusCode).toBe(200);
    expect((await logout(a.access_token, "local")).statusCode).toBe(204);
    expect((await docs(a.access_token)).statusCode).toBe(401);
    expect((await docs(b.access_token)).statusCode).toBe(200);
    expect((await getUser(t, a.access_token)).statusCode).toBe(403);
    expect((await refresh(t, a.refresh_token)).statusCode).toBe(400);
    expect((await getUser(t, b.access_token)).statusCode).toBe(200);
  });

  it("logout scope=others ends every other session and keeps this one", async () => {
    const email = uniqueEmail("scope");
    await signUp(t, email, "secret-twelve");
    const a = (await signIn(t, email, "secret-twelve")).json();
    const b = (await signIn(t, email, "secret-twelve")).json();
    const c = (await signIn(t, email, "secret-twelve")).json();
    for (const s of [a, b, c]) expect((await docs(s.access_token)).statusCode).toBe(200);
    expect((await logout(a.access_token, "others")).statusCode).toBe(204);
    expect((await docs(a.access_token)).statusCode).toBe(200);
    expect((await docs(b.access_token)).statusCode).toBe(401);
    expect((await docs(c.access_token)).statusCode).toBe(401);
    expect((await getUser(t, a.access_token)).statusCode).toBe(200);
    expect((await refresh(t, a.refresh_token)).statusCode).toBe(200);
    expect((await getUser(t, b.access_token)).statusCode).toBe(403);
    expect((await getUser(t, c.access_token)).statusCode).toBe(403);
    expect((await refresh(t, c.refresh_token)).statusCode).toBe(400);
  });

  it("logout (default scope global) ends every session of the user but not other users'", async () => {
    const email = uniqueEmail("scope");
    const first = (await signUp(t, email, "secret-twelve")).json();
    const b = (await signIn(t, email, "secret-twelve")).json();
    const stranger = await newSession();
    expect((await docs(first.access_token)).statusCode).toBe(200);
    expect((await logout(b.access_token)).statusCode).toBe(204);
    // The product API refuses the revoked session's still-unexpired access token.
    expect((await docs(first.access_token)).statusCode).toBe(401);
    expect((await getUser(t, first.access_token)).statusCode).toBe(403);
    expect((await getUser(t, b.access_token)).statusCode).toBe(403);
    expect((await getUser(t, stranger.access_token)).statusCode).toBe(200);
    expect((await logout(b.access_token)).statusCode).toBe(403);
    expect((await logout(stranger.access_token, "everywhere")).statusCode).toBe(400);
  });
});
