// In production a connection may not point the server at its own network, unless the operator
// allows it; AI_CONNECTION_KEY, when set, is the key that seals stored keys.
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { aiConnections } from "../../db/index.js";
import { createTestApp, createTestUser, request, type TestApp } from "../../test/harness.js";
import { type OpenAiStub, startOpenAiStub } from "../openai-stub.test-util.js";
import { createSecretBox } from "./secret-box.js";

// JWT_SECRET: production on PostgreSQL (the CI run) requires one.
const production = { NODE_ENV: "production", PAYMENTS: "disabled", JWT_SECRET: "p".repeat(48) };

describe("connections in production", () => {
  let stub: OpenAiStub;
  beforeAll(async () => {
    stub = await startOpenAiStub();
  });
  afterAll(async () => stub.close());

  describe("by default", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(production);
    });
    afterAll(async () => t.close());

    it("refuses a loopback model server without calling it, and stores nothing", async () => {
      const user = await createTestUser(t);
      const before = stub.requests.length;
      const res = await request(t, "PUT", "/api/ai/connection", { user, payload: { baseUrl: stub.url, model: "m" } });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/private or local network/);
      expect(stub.requests.length).toBe(before);
      expect(await t.ctx.db.select().from(aiConnections)).toHaveLength(0);
    });
  });

  describe("with AI_CONNECTIONS_ALLOW_PRIVATE and AI_CONNECTION_KEY", () => {
    let t: TestApp;
    const key = crypto.randomBytes(32);
    beforeAll(async () => {
      t = await createTestApp({ ...production, AI_CONNECTIONS_ALLOW_PRIVATE: "true", AI_CONNECTION_KEY: key.toString("base64") });
    });
    afterAll(async () => t.close());

    it("saves a loopback model server, the key sealed with the configured key", async () => {
      const user = await createTestUser(t);
      const res = await request(t, "PUT", "/api/ai/connection", {
        user,
        payload: { baseUrl: stub.url, model: "m", apiKey: "sk-local-secret-9876" },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await t.ctx.db.select().from(aiConnections);
      expect(createSecretBox(key).open(row!.apiKey!)).toBe("sk-local-secret-9876");
    });
  });
});
