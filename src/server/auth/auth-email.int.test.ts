// Email confirmation, recovery, email change, resend, verify links and their rules.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp, withToken } from "../test/harness.js";
import { getUser, outboxFor, signIn, signUp, tokenFromLink, uniqueEmail } from "./auth.test-util.js";

describe("/auth/v1 email flows (confirmation required)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "false", PUBLIC_URL: "https://draftsmith.example" });
  }, 180_000);
  afterAll(async () => t.close());

  const verifyGet = (link: string, extra = "") => {
    const u = new URL(link);
    return t.app.inject({ method: "GET", url: `${u.pathname}${u.search}${extra}`, headers: { host: "evil.example" } });
  };
  const fragment = (location: string) => Object.fromEntries(new URLSearchParams(location.split("#")[1]));
  const newConfirmedUser = async (password = "secret-twelve") => {
    const email = uniqueEmail("mail");
    await signUp(t, email, password);
    const [m] = await outboxFor(t, email);
    await verifyGet(m!.links[0]!.url);
    t.clock.advance(61_000); // past the per-address email limit
    return email;
  };

  it("sign-up sends a confirmation whose link signs the user in on the app origin", async () => {
    const email = uniqueEmail("confirm");
    const res = await signUp(t, email, "secret-twelve", "Ada", "?redirect_to=https%3A%2F%2Fdraftsmith.example%2Fwelcome");
    expect(res.statusCode).toBe(200);
    expect(res.json().access_token).toBeUndefined();
    expect(res.json()).toMatchObject({ email, identities: [{ provider: "email", email }], user_metadata: { full_name: "Ada" } });
    expect((await signIn(t, email, "secret-twelve")).json().error_code).toBe("email_not_confirmed");

    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toBe("Confirm your Draftsmith account");
    expect(mail!.text).toContain("Draftsmith");
    const link = mail!.links[0]!.url;
    // Built from PUBLIC_URL, never from the request's Host header.
    expect(link.startsWith("https://draftsmith.example/auth/v1/verify?")).toBe(true);
    expect(mail!.html).toContain("https://draftsmith.example/auth/v1/verify?");

    const res2 = await verifyGet(link);
    expect(res2.statusCode).toBe(303);
    const loc = res2.headers.location as string;
    expect(loc.startsWith("https://draftsmith.example/welcome#")).toBe(true);
    const f = fragment(loc);
    expect(f).toMatchObject({ token_type: "bearer", type: "signup", expires_in: "3600" });
    expect(Number(f.expires_at)).toBe(Math.floor(t.clock.now.getTime() / 1000) + 3600);
    const me = await getUser(t, f.access_token!);
    expect(me.json()).toMatchObject({ email, email_confirmed_at: expect.any(String) });
    expect((await signIn(t, email, "secret-twelve")).statusCode).toBe(200);

    // Single use: the same link again redirects with an error in the fragment.
    const again = await verifyGet(link);
    expect(fragment(again.headers.location as string)).toMatchObject({ error: "access_denied", error_code: "otp_expired" });
  });

  it("never redirects to another origin", async () => {
    const email = uniqueEmail("redir");
    await signUp(t, email, "secret-twelve", "A", "?redirect_to=https%3A%2F%2Fevil.example%2Fsteal");
    const [mail] = await outboxFor(t, email);
    const res = await verifyGet(mail!.links[0]!.url, "");
    expect((res.headers.location as string).startsWith("https://draftsmith.example/#")).toBe(true);
    // A redirect_to smuggled into the link itself is checked too.
    const email2 = uniqueEmail("redir");
    await signUp(t, email2, "secret-twelve");
    const [m2] = await outboxFor(t, email2);
    const u = new URL(m2!.links[0]!.url);
    u.searchParams.set("redirect_to", "//evil.example/x");
    const res2 = await verifyGet(u.toString());
    expect((res2.headers.location as string).startsWith("https://draftsmith.example/#")).toBe(true);
  });

  it("a known address signs up with the same answer as a new one and keeps its password", async () => {
    const email = await newConfirmedUser("original-pw");
    const again = await signUp(t, email, "attacker-pw", "Mallory");
    const fresh = await signUp(t, uniqueEmail("fresh"), "attacker-pw", "Mallory");
    expect(again.statusCode).toBe(fresh.statusCode);
    const shape = (o: Record<string, unknown>) => Object.keys(o).sort();
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    // Both carry the email identity (GoTrue answers [] for a known address; we do not: README).
    expect(again.json().identities).toHaveLength(1);
    expect(fresh.json().identities).toHaveLength(1);
    expect(shape(again.json().identities[0])).toEqual(shape(fresh.json().identities[0]));
    expect((await signIn(t, email, "attacker-pw")).statusCode).toBe(400);
    expect((await signIn(t, email, "original-pw")).statusCode).toBe(200);
  });

  it("confirmation links expire after 24 hours", async () => {
    const email = uniqueEmail("expire");
    await signUp(t, email, "secret-twelve");
    const [mail] = await outboxFor(t, email);
    t.clock.advance(24 * 3600_000 + 1000);
    const res = await request(t, "POST", "/auth/v1/verify", { payload: { type: "signup", token_hash: tokenFromLink(mail!.links[0]!.url) } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error_code: "otp_expired", msg: "Email link is invalid or has expired" });
  });

  it("resend gives a new confirmation link and retires the old one", async () => {
    const email = uniqueEmail("resend");
    await signUp(t, email, "secret-twelve");
    const [first] = await outboxFor(t, email);
    const tooSoon = await request(t, "POST", "/auth/v1/resend", { payload: { email, type: "signup" } });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().error_code).toBe("over_email_send_rate_limit");
    expect(Number(tooSoon.headers["retry-after"])).toBeGreaterThan(0);
    t.clock.advance(61_000);
    const ok = await request(t, "POST", "/auth/v1/resend", { payload: { email, type: "signup" } });
    expect(ok.statusCode).toBe(200);
    const mails = await outboxFor(t, email);
    expect(mails).toHaveLength(2);
    const oldLink = await verifyGet(first!.links[0]!.url);
    expect(fragment(oldLink.headers.location as string).error_code).toBe("otp_expired");
    const newLink = await verifyGet(mails[0]!.links[0]!.url);
    expect(fragment(newLink.headers.location as string).access_token).toBeTruthy();
    // Unknown address: same 200, no mail.
    const unknown = uniqueEmail("ghost");
    const u = await request(t, "POST", "/auth/v1/resend", { payload: { email: unknown, type: "signup" } });
    expect(u.statusCode).toBe(200);
    expect(await outboxFor(t, unknown)).toHaveLength(0);
  });

  it("recover answers 200 for known and unknown addresses; the link works once within an hour", async () => {
    const email = await newConfirmedUser("before-reset");
    const ghost = uniqueEmail("ghost");
    const known = await request(t, "POST", "/auth/v1/recover?redirect_to=https%3A%2F%2Fdraftsmith.example%2Freset-password", { payload: { email } });
    const unknown = await request(t, "POST", "/auth/v1/recover", { payload: { email: ghost } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(await outboxFor(t, ghost)).toHaveLength(0);
    const [mail] = await outboxFor(t, email);
    expect(mail!.subject).toBe("Reset your Draftsmith password");
    const res = await verifyGet(mail!.links[0]!.url);
    const loc = res.headers.location as string;
    expect(loc.startsWith("https://draftsmith.example/reset-password#")).toBe(true);
    const f = fragment(loc);
    expect(f.type).toBe("recovery");
    const put = await request(t, "PUT", "/auth/v1/user", { user: withToken(f.access_token!), payload: { password: "after-reset" } });
    expect(put.statusCode).toBe(200);
    expect((await signIn(t, email, "before-reset")).statusCode).toBe(400);
    expect((await signIn(t, email, "after-reset")).statusCode).toBe(200);
    expect(fragment((await verifyGet(mail!.links[0]!.url)).headers.location as string).error_code).toBe("otp_expired");
  });

  it("refuses short and common passwords on sign-up, password change and reset, with GoTrue's weak_password answer", async () => {
    const weak = (res: { statusCode: number; json: () => unknown }, reason: string, msg: string) => {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ error_code: "weak_password", msg: expect.stringContaining(msg), weak_password: { reasons: [reason] } });
    };
    // Sign-up: 7 characters is too short; a common password is refused whatever its case.
    weak(await signUp(t, uniqueEmail("nist"), "seven-7"), "length", "at least 8 characters");
    weak(await signUp(t, uniqueEmail("nist"), "Password1"), "pwned", "common or breached");
    // The server checks the whole breach list, not only the forms' short one.
    weak(await signUp(t, uniqueEmail("nist"), "Showtime"), "pwned", "common or breached");
    // No composition rules: eight characters of one kind that are not common pass.
    expect((await signUp(t, uniqueEmail("nist"), "quietly-river")).statusCode).toBe(200);

    // Change, signed in.
    const email = await newConfirmedUser("correct-horse-42");
    const session = (await signIn(t, email, "correct-horse-42")).json();
    const change = (password: string, token = session.access_token) =>
      request(t, "PUT", "/auth/v1/user", { user: withToken(token), payload: { password } });
    weak(await change("iloveyou"), "pwned", "common or breached");
    weak(await change("short"), "length", "at least 8 characters");
    expect((await signIn(t, email, "correct-horse-42")).statusCode).toBe(200);

    // Reset, with the recovery link's session.
    await request(t, "POST", "/auth/v1/recover", { payload: { email } });
    const [mail] = (await outboxFor(t, email)).filter((m) => m.subject === "Reset your Draftsmith password");
    const recovery = fragment((await verifyGet(mail!.links[0]!.url)).headers.location as string).access_token!;
    weak(await change("qwertyuiop", recovery), "pwned", "common or breached");
    expect((await change("lantern-by-the-sea", recovery)).statusCode).toBe(200);
    expect((await signIn(t, email, "lantern-by-the-sea")).statusCode).toBe(200);
  });

  it("email limits count per kind: a reset right after sign-up is allowed", async () => {
    const email = uniqueEmail("kinds");
    await signUp(t, email, "secret-twelve");
    const res = await request(t, "POST", "/auth/v1/recover", { payload: { email } });
    expect(res.statusCode).toBe(200);
    expect((await outboxFor(t, email)).map((m) => m.subject)).toEqual([
      "Reset your Draftsmith password",
      "Confirm your Draftsmith account",
    ]);
  });

  it("recovery links expire after one hour", async () => {
    const email = await newConfirmedUser();
    await request(t, "POST", "/auth/v1/recover", { payload: { email } });
    const [mail] = await outboxFor(t, email);
    t.clock.advance(3600_000 + 1000);
    const res = await verifyGet(mail!.links[0]!.url);
    expect(fragment(res.headers.location as string).error_code).toBe("otp_expired");
  });

  it("a link of one kind cannot be used as another", async () => {
    const email = await newConfirmedUser();
    await request(t, "POST", "/auth/v1/recover", { payload: { email } });
    const [mail] = await outboxFor(t, email);
    const res = await request(t, "POST", "/auth/v1/verify", { payload: { type: "signup", token_hash: tokenFromLink(mail!.links[0]!.url) } });
    expect(res.json().error_code).toBe("otp_expired");
  });

  it("changing the email needs confirmation from the new address", async () => {
    const email = await newConfirmedUser("pw-change-mail");
    const s = (await signIn(t, email, "pw-change-mail")).json();
    const newEmail = uniqueEmail("moved");
    const put = await request(t, "PUT", "/auth/v1/user", { user: withToken(s.access_token), payload: { email: newEmail, data: { full_name: "Moved Person", theme: "dark" } } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ email, new_email: newEmail, user_metadata: { full_name: "Moved Person", theme: "dark" } });
    const [mail] = await outboxFor(t, newEmail);
    expect(mail!.subject).toBe("Confirm your new Draftsmith email address");
    const res = await verifyGet(mail!.links[0]!.url);
    const f = fragment(res.headers.location as string);
    expect(f.type).toBe("email_change");
    expect((await getUser(t, f.access_token!)).json()).toMatchObject({ email: newEmail });
    expect((await signIn(t, newEmail, "pw-change-mail")).statusCode).toBe(200);
    expect((await signIn(t, email, "pw-change-mail")).statusCode).toBe(400);
  });

  it("refuses an email already in use and the same password again", async () => {
    const a = await newConfirmedUser("pw-aaaaaa");
    const b = await newConfirmedUser("pw-bbbbbb");
    const s = (await signIn(t, a, "pw-aaaaaa")).json();
    const auth = withToken(s.access_token);
    const taken = await request(t, "PUT", "/auth/v1/user", { user: auth, payload: { email: b } });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error_code).toBe("email_exists");
    const same = await request(t, "PUT", "/auth/v1/user", { user: auth, payload: { password: "pw-aaaaaa" } });
    expect(same.json().error_code).toBe("same_password");
    const weak = await request(t, "PUT", "/auth/v1/user", { user: auth, payload: { password: "abc" } });
    expect(weak.json().error_code).toBe("weak_password");
  });

  it("a password change signs out the user's other sessions", async () => {
    const email = await newConfirmedUser("pw-one-111");
    const a = (await signIn(t, email, "pw-one-111")).json();
    const b = (await signIn(t, email, "pw-one-111")).json();
    const put = await request(t, "PUT", "/auth/v1/user", { user: withToken(a.access_token), payload: { password: "pw-two-222" } });
    expect(put.statusCode).toBe(200);
    expect((await getUser(t, a.access_token)).statusCode).toBe(200);
    expect((await getUser(t, b.access_token)).statusCode).toBe(403);
  });
});
