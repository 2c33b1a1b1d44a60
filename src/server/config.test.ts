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

  describe("payments and mail in production", () => {
    const prod = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example.com:587" };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        if (!(err instanceof ConfigError)) throw err;
        return err.problems;
      }
    };

    it("refuses to start without Stripe keys or an explicit PAYMENTS, in one line", () => {
      const problems = problemsOf(prod);
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^PAYMENTS: production needs STRIPE_SECRET_KEY/);
    });

    it("runs the test checkout in production only when asked, and then shows the banner", () => {
      const c = loadConfig({ ...prod, PAYMENTS: "test" });
      expect(c.payments).toBe("builtin");
      expect(c.paymentsTestBanner).toBe(true);
      expect(describeBackends(c)).toContain("payments: built-in test checkout (no real payments)");
      // Outside production the test checkout stays the default, without the banner.
      expect(loadConfig({}).paymentsTestBanner).toBe(false);
    });

    it("sells nothing with PAYMENTS=disabled, and uses Stripe when its keys are set", () => {
      const off = loadConfig({ ...prod, PAYMENTS: "disabled" });
      expect(off.payments).toBe("disabled");
      expect(describeBackends(off)).toContain("payments: disabled");
      const stripe = loadConfig({ ...prod, STRIPE_SECRET_KEY: "sk_live_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
      expect(stripe.payments).toBe("stripe");
      expect(describeBackends(stripe)).toContain("payments: Stripe; mail: SMTP");
      expect(problemsOf({ PAYMENTS: "stripe" })[0]).toMatch(/^PAYMENTS: 'stripe' needs STRIPE_SECRET_KEY/);
      expect(problemsOf({ PAYMENTS: "free" })[0]).toMatch(/^PAYMENTS/);
    });

    it("refuses to start without SMTP_URL unless AUTH_AUTOCONFIRM=true is set on purpose", () => {
      const problems = problemsOf({ NODE_ENV: "production", PAYMENTS: "disabled" });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^SMTP_URL: production needs it/);
      expect(problemsOf({ NODE_ENV: "production", PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "false" })).toHaveLength(1);
      const c = loadConfig({ NODE_ENV: "production", PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "true" });
      expect(describeBackends(c)).toContain("mail: built-in outbox, sign-up without confirmation");
    });
  });
});
