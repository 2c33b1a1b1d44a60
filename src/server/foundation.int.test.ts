import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp } from "./test/harness.js";

describe("foundation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers /api/health with the database state and version", async () => {
    const res = await request(t, "GET", "/api/health");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "ok", version: expect.any(String) });
    expect(res.headers["x-request-id"]).toBeTruthy();
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  });

  it("answers unknown /api paths with a JSON 404", async () => {
    const res = await request(t, "GET", "/api/nope");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "not_found" });
  });

  it("rejects a forged or expired access token and accepts a real one", async () => {
    const user = await createTestUser(t);
    const { userFromAccessToken } = await import("./http/auth-hook.js");
    expect((await userFromAccessToken(t.ctx, user.token)).user?.id).toBe(user.id);
    const [h, p] = user.token.split(".");
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    expect((await userFromAccessToken(t.ctx, none)).user).toBeNull();
    expect((await userFromAccessToken(t.ctx, `${h}.${p}.AAAA`)).user).toBeNull();
    t.clock.advance(3601 * 1000);
    expect((await userFromAccessToken(t.ctx, user.token)).user).toBeNull();
    t.clock.advance(-3601 * 1000);
  });

  it("applies migrations idempotently", async () => {
    const { migrate } = await import("./db/migrate.js");
    expect(await migrate(t.database.sql, t.database.driver)).toEqual([]);
  });
});
