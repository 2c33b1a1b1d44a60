// Rate limits (429 + Retry-After) and enumeration-safe timing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness.js";
import { AUTH_RATE_RULES } from "./rate-limit.js";
import { signIn, signUp, uniqueEmail } from "./test-helpers.js";

describe("/auth/v1 rate limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  it("limits password attempts per address, then lets them through after the window", async () => {
    const email = uniqueEmail("limit");
    await signUp(t, email, "right-pass");
    const limit = AUTH_RATE_RULES.passwordPerEmail.limit;
    for (let i = 0; i < limit; i++) expect((await signIn(t, email, "wrong-pass", `10.0.0.${i}`)).statusCode).toBe(400);
    // Even the right password is refused while the address is over its limit (from any IP).
    const blocked = await signIn(t, email, "right-pass", "10.9.9.9");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 429, error_code: "over_request_rate_limit" });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    t.clock.advance(AUTH_RATE_RULES.passwordPerEmail.windowMs);
    expect((await signIn(t, email, "right-pass", "10.9.9.9")).statusCode).toBe(200);
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

  it("a wrong password and an unknown address take similar time", async () => {
    const email = uniqueEmail("timing");
    await signUp(t, email, "right-pass");
    const time = async (e: string) => {
      const start = process.hrtime.bigint();
      const res = await signIn(t, e, "wrong-pass", `203.0.113.${Math.floor(Math.random() * 200)}`);
      expect(res.statusCode).toBe(400);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    await time(uniqueEmail("warm")); // builds the dummy hash once
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(email));
      unknown.push(await time(uniqueEmail("nobody")));
    }
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(0.5);
    expect(ratio).toBeLessThan(2);
  });
});
