// PAYMENTS=disabled sells nothing; PAYMENTS=test in production says so on every page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp } from "../test/harness.js";

describe("PAYMENTS=disabled", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PAYMENTS: "disabled" });
  });
  afterAll(async () => t.close());

  it("tells the client nothing is for sale and refuses every checkout with a clear 503", async () => {
    const plans = (await request(t, "GET", "/api/stripe/plans")).json();
    expect(plans).toMatchObject({ provider: "disabled", testMode: false });
    const user = await createTestUser(t);
    for (const headers of [user.headers, {}]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/stripe/create-checkout-session",
        headers,
        payload: { priceId: "price_creator_monthly" },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: "service_unavailable",
        message: "Plans are not for sale on this server.",
        reason: "plans_not_for_sale",
      });
    }
    const pay = await request(t, "POST", "/api/stripe/test-checkout/cs_test_x/pay", { payload: {} });
    expect(pay.statusCode).toBe(503);
  });
});

describe("PAYMENTS=test in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PAYMENTS: "test", AUTH_AUTOCONFIRM: "true" });
  });
  afterAll(async () => t.close());

  it("runs the test checkout and asks the client to show the test-mode banner", async () => {
    const plans = (await request(t, "GET", "/api/stripe/plans")).json();
    expect(plans).toMatchObject({ provider: "builtin", testMode: true });
    const res = await request(t, "POST", "/api/stripe/create-checkout-session", { payload: { priceId: "price_creator_monthly" } });
    expect(res.statusCode).toBe(200);
  });
});
