import { describe, expect, it } from "vitest";
import { ConfigError, describeBackends, loadConfig } from "./config.js";

describe("config", () => {
  it("defaults to the embedded database and built-in services", () => {
    const c = loadConfig({});
    expect(c.database).toEqual({ kind: "pglite", dataDir: "./data" });
    expect(c.ai.kind).toBe("offline");
    expect(c.payments).toBe("builtin");
    expect(c.mail).toBe("outbox");
    expect(c.PORT).toBe(3000);
    expect(describeBackends(c)).toContain("PGlite");
  });

  it("lists every bad value, one line each", () => {
    try {
      loadConfig({ PORT: "abc", DATABASE_URL: "not a url", STRIPE_SECRET_KEY: "sk_test" });
      throw new Error("expected a ConfigError");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const problems = (err as ConfigError).problems;
      expect(problems.some((p) => p.startsWith("PORT"))).toBe(true);
      expect(problems.some((p) => p.startsWith("DATABASE_URL"))).toBe(true);
    }
  });

  it("picks the OpenAI-compatible provider from the environment", () => {
    expect(loadConfig({ AI_BASE_URL: "http://127.0.0.1:11434/v1", AI_MODEL: "llama3" }).ai).toMatchObject({
      kind: "openai-compatible",
      model: "llama3",
    });
    expect(loadConfig({ DEEPSEEK_API_KEY: "k" }).ai).toMatchObject({ name: "deepseek" });
  });
});
