// Rate limits (429 + Retry-After) and enumeration-safe timing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "../test/harness.js";
import { AUTH_RATE_RULES } from "./rate-rules.js";
import type { MailMessage } from "../mail/providers/index.js";
import { outboxFor, signIn, signUp, uniqueEmail } from "./auth.test-util.js";

describe("/auth/v1 rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  it("ten wrong passwords from one address lock out only that address; the owner still signs in from elsewhere", async () => {
    const email = uniqueEmail("limit");
    await signUp(t, email, "right-pass");
    const guesser = "10.0.0.66";
    const limit = AUTH_RATE_RULES.passwordPerIpAccount.limit;
    for (let i = 0; i < limit; i++) expect((await signIn(t, email, "wrong-pass", guesser)).statusCode).toBe(400);
    // The guessing address is refused even with the right password (the answer reveals nothing)...
    const blocked = await signIn(t, email, "right-pass", guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // ...while the owner, from their own address, signs in at once.
    expect((await signIn(t, email, "right-pass", "10.9.9.9")).statusCode).toBe(200);
    t.clock.advance(AUTH_RATE_RULES.passwordPerIpAccount.windowMs);
    expect((await signIn(t, email, "right-pass", guesser)).statusCode).toBe(200);
  });

  it("a far higher ceiling per account stops guessing spread over many addresses", async () => {
    const email = uniqueEmail("spread");
    await signUp(t, email, "right-pass");
    const perAddress = AUTH_RATE_RULES.passwordPerIpAccount.limit;
    const ceiling = AUTH_RATE_RULES.passwordPerAccount.limit;
    expect(ceiling).toBeGreaterThanOrEqual(10 * perAddress);
    // Each address stays under its own limit; together they reach the account's ceiling.
    for (let i = 0; i < ceiling; i++) {
      const res = await signIn(t, email, "wrong-pass", `10.1.${Math.floor(i / perAddress)}.${i % perAddress}`);
      expect(res.statusCode).toBe(400);
    }
    const res = await signIn(t, email, "right-pass", "10.9.9.10");
    expect(res.statusCode).toBe(429);
    t.clock.advance(AUTH_RATE_RULES.passwordPerAccount.windowMs);
    expect((await signIn(t, email, "right-pass", "10.9.9.10")).statusCode).toBe(200);
  });

  it("limits password attempts per IP across addresses", async () => {
    const ip = "192.0.2.7";
    const limit = AUTH_RATE_RULES.passwordPerIp.limit;
    for (let i = 0; i < limit; i++) await signIn(t, uniqueEmail("spray"), "whatever", ip);
    const res = await signIn(t, uniqueEmail("spray"), "whatever", ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeTruthy();
    expect((await signIn(t, uniqueEmail("spray"), "whatever", "192.0.2.8")).statusCode).toBe(400);
  });

  it("limits sign-ups per IP", async () => {
    const ip = "198.51.100.1";
    const send = () =>
      t.app.inject({ method: "POST", url: "/auth/v1/signup", remoteAddress: ip, payload: { email: uniqueEmail("bulk"), password: "x" } });
    for (let i = 0; i < AUTH_RATE_RULES.signupPerIp.limit; i++) expect((await send()).statusCode).toBe(422);
    const res = await send();
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBeTruthy();
  });

  it("limits recover per IP and per address", async () => {
    const ip = "198.51.100.2";
    const recover = (email: string, from = ip) =>
      t.app.inject({ method: "POST", url: "/auth/v1/recover", remoteAddress: from, payload: { email } });
    const email = uniqueEmail("rec");
    expect((await recover(email, "198.51.100.3")).statusCode).toBe(200);
    const again = await recover(email, "198.51.100.4");
    expect(again.statusCode).toBe(429);
    expect(again.json().error_code).toBe("over_email_send_rate_limit");
    for (let i = 0; i < AUTH_RATE_RULES.emailPerIp.limit; i++) expect((await recover(uniqueEmail("rec"))).statusCode).toBe(200);
    const res = await recover(uniqueEmail("rec"));
    expect(res.statusCode).toBe(429);
    expect(res.json().error_code).toBe("over_request_rate_limit");
  });

  it("limits verify attempts per IP (POST and the emailed GET link)", async () => {
    const ip = "198.51.100.9";
    for (let i = 0; i < AUTH_RATE_RULES.verifyPerIp.limit; i++) {
      const r = await t.app.inject({
        method: "POST",
        url: "/auth/v1/verify",
        remoteAddress: ip,
        payload: { type: "signup", token_hash: `guess-${i}` },
      });
      expect(r.statusCode).toBe(403);
    }
    const post = await t.app.inject({ method: "POST", url: "/auth/v1/verify", remoteAddress: ip, payload: { type: "signup", token_hash: "x" } });
    expect(post.statusCode).toBe(429);
    const get = await t.app.inject({ method: "GET", url: "/auth/v1/verify?type=signup&token=x", remoteAddress: ip });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toContain("error_code=over_request_rate_limit");
  });
});

describe("/auth/v1 enumeration-safe timing", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  // Compared by the CPU this process spends (the password hash runs on its threads), not by
  // wall-clock time, so the neighbours' load on a shared machine does not decide the result.
  it("a wrong password and an unknown address cost the same work (both verify a password hash)", async () => {
    const email = uniqueEmail("timing");
    await signUp(t, email, "right-pass");
    const cpu = async (e: string) => {
      const start = process.cpuUsage();
      const res = await signIn(t, e, "wrong-pass", `203.0.113.${Math.floor(Math.random() * 200)}`);
      expect(res.statusCode).toBe(400);
      const used = process.cpuUsage(start);
      return (used.user + used.system) / 1000;
    };
    await cpu(uniqueEmail("warm")); // builds the dummy hash once
    let known = 0;
    let unknown = 0;
    for (let i = 0; i < 6; i++) {
      known += await cpu(email);
      unknown += await cpu(uniqueEmail("nobody"));
    }
    const ratio = known / unknown;
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});

describe("/auth/v1/recover answers before any mail work", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  it("answers a known address while its mail is still being sent, and the mail still arrives", async () => {
    const email = uniqueEmail("queued");
    await signUp(t, email, "right-pass");
    // A mailer that holds every message until released: if the request waited for the mail
    // (and so took longer for a known address than for an unknown one) it would never answer.
    const real = t.ctx.mailer;
    const held: MailMessage[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    t.ctx.mailer = {
      kind: real.kind,
      async send(message) {
        held.push(message);
        await released;
        await real.send(message);
      },
    };
    try {
      const res = await request(t, "POST", "/auth/v1/recover", { payload: { email } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
      await expect.poll(() => held.map((m) => m.to)).toEqual([email]);
      release();
      const mails = await outboxFor(t, email);
      expect(mails.map((m) => m.subject)).toEqual(["Reset your Draftsmith password"]);
    } finally {
      release();
      t.ctx.mailer = real;
    }
  });
});
