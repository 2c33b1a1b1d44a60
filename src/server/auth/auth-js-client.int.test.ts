// Drives the official, unmodified @supabase/auth-js client against the listening server.
import { AuthClient } from "@supabase/auth-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { outboxFor, tokenFromLink, uniqueEmail } from "./auth.test-util.js";

function memoryStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    map: m,
  };
}

describe("@supabase/auth-js against /auth/v1", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "false" });
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `${address}/auth/v1`;
  }, 180_000);
  afterAll(async () => t.close());

  const client = (storage = memoryStorage()) =>
    new AuthClient({ url: base, storage, storageKey: "draftsmith.auth", autoRefreshToken: false, persistSession: true, detectSessionInUrl: false });

  it("signs up, confirms through the outbox link, signs in, refreshes, updates the user and signs out", async () => {
    const storage = memoryStorage();
    const auth = client(storage);
    const email = uniqueEmail("authjs");
    const events: string[] = [];
    auth.onAuthStateChange((event) => {
      events.push(event);
    });

    const signup = await auth.signUp({ email, password: "first-pass", options: { data: { full_name: "Grace Hopper" } } });
    expect(signup.error).toBeNull();
    expect(signup.data.session).toBeNull();
    expect(signup.data.user?.email).toBe(email);

    // Not confirmed yet: sign-in is refused with email_not_confirmed.
    const early = await auth.signInWithPassword({ email, password: "first-pass" });
    expect(early.error?.code).toBe("email_not_confirmed");

    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toContain("Draftsmith");
    const link = mail!.links[0]!.url;
    expect(link.startsWith("http://localhost:3000/auth/v1/verify?")).toBe(true);
    const confirmed = await auth.verifyOtp({ token_hash: tokenFromLink(link), type: "signup" });
    expect(confirmed.error).toBeNull();
    expect(confirmed.data.session?.user.email_confirmed_at).toBeTruthy();
    await auth.signOut();

    const signin = await auth.signInWithPassword({ email, password: "first-pass" });
    expect(signin.error).toBeNull();
    expect(signin.data.user!.user_metadata.full_name).toBe("Grace Hopper");
    expect(JSON.parse(storage.map.get("draftsmith.auth")!).access_token).toBe(signin.data.session!.access_token);

    const refreshed = await auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(signin.data.session!.refresh_token);

    const updated = await auth.updateUser({ data: { full_name: "Grace B. Hopper" } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata.full_name).toBe("Grace B. Hopper");
    const fetched = await auth.getUser();
    expect(fetched.data.user?.user_metadata.full_name).toBe("Grace B. Hopper");

    const wrong = await auth.signInWithPassword({ email, password: "nope-nope" });
    expect(wrong.error?.code).toBe("invalid_credentials");
    expect(wrong.error?.message).toBe("Invalid login credentials");

    // (the failed sign-in above left the earlier session in place)
    const out = await auth.signOut();
    expect(out.error).toBeNull();
    expect(storage.map.has("draftsmith.auth")).toBe(false);
    expect(events).toEqual(expect.arrayContaining(["SIGNED_IN", "TOKEN_REFRESHED", "USER_UPDATED", "SIGNED_OUT"]));
  });

  it("reports a weak password with its reasons", async () => {
    const res = await client().signUp({ email: uniqueEmail("weak"), password: "abc" });
    expect(res.error?.name).toBe("AuthWeakPasswordError");
    expect((res.error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);
  });

  it("resets a password through the recovery email", async () => {
    const auth = client();
    const email = uniqueEmail("recover");
    await auth.signUp({ email, password: "old-password" });
    const [confirm] = await outboxFor(t, email);
    await auth.verifyOtp({ token_hash: tokenFromLink(confirm!.links[0]!.url), type: "signup" });
    await auth.signOut();

    t.clock.advance(61_000); // the per-address email limit (1/min)
    const sent = await auth.resetPasswordForEmail(email, { redirectTo: "http://localhost:3000/reset-password" });
    expect(sent.error).toBeNull();
    const [recovery] = await outboxFor(t, email);
    expect(recovery!.subject).toContain("Reset");
    let recovered = false;
    auth.onAuthStateChange((event) => {
      if (event === "PASSWORD_RECOVERY") recovered = true;
    });
    const v = await auth.verifyOtp({ token_hash: tokenFromLink(recovery!.links[0]!.url), type: "recovery" });
    expect(v.error).toBeNull();
    expect(recovered).toBe(true);
    expect((await auth.updateUser({ password: "new-password" })).error).toBeNull();
    await auth.signOut();
    expect((await auth.signInWithPassword({ email, password: "old-password" })).error?.code).toBe("invalid_credentials");
    expect((await auth.signInWithPassword({ email, password: "new-password" })).error).toBeNull();
  });
});
