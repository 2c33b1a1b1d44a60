import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "../test/harness.js";

describe("/dev/mailbox", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_AUTOCONFIRM: "false" });
  }, 180_000);
  afterAll(async () => t.close());

  it("lists sent messages with their links as HTML and JSON, filtered by recipient", async () => {
    const email = `mailbox-${Date.now()}@example.com`;
    await request(t, "POST", "/auth/v1/signup", { payload: { email, password: "secret-twelve" } });
    await request(t, "POST", "/auth/v1/signup", { payload: { email: `other-${email}`, password: "secret-twelve" } });
    const json = await request(t, "GET", `/dev/mailbox.json?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(json.statusCode).toBe(200);
    const list = json.json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ to: email, subject: "Confirm your Draftsmith account" });
    expect(list[0].links[0].url).toMatch(/^http:\/\/localhost:3000\/auth\/v1\/verify\?token=/);
    const html = await request(t, "GET", "/dev/mailbox");
    expect(html.headers["content-type"]).toContain("text/html");
    expect(html.body).toContain("Confirm your Draftsmith account");
    expect(html.body).toContain(list[0].links[0].url.replaceAll("&", "&amp;"));
    expect(html.body).toContain(`other-${email}`);
  });
});

describe("/dev/mailbox in production", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "true" });
  }, 180_000);
  afterAll(async () => t.close());

  it("does not exist", async () => {
    expect((await request(t, "GET", "/dev/mailbox")).statusCode).toBe(404);
    expect((await request(t, "GET", "/dev/mailbox.json")).statusCode).toBe(404);
  });
});
