// The built server (the esbuild bundle `npm start` runs) with every optional backend
// configured at once, in production mode: PostgreSQL, Redis, SMTP, Stripe, an
// OpenAI-compatible model server and a LanguageTool server (the last four are local stand-ins). Each backend's
// package is loaded the way the bundle loads it, so a package the bundle cannot load (a
// CommonJS package imported by a name its chunk does not export) fails here and not on an
// operator's first start. Needs TEST_DATABASE_URL and a Redis; skipped, saying so, without
// them, and with REQUIRE_REDIS=1 a missing Redis fails instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiStub, type OpenAiStub } from "../ai/openai-stub.test-util.js";
import { startStripeStub, type StripeStub } from "../billing/stripe-stub.test-util.js";
import { startLanguageTool } from "../grammar/languagetool-stub.test-util.js";
import { decodedBody, startSmtpStub, type SmtpStub } from "../mail/smtp-stub.test-util.js";
import { freePort, testRedisUrl } from "../test/net.js";
import {
  PASSWORD,
  type ThrowawayDatabase,
  createThrowawayDatabase,
  docWith,
  getWith,
  needPostgres,
  needRedis,
  postJson,
  randomClientIp,
  signInWithPassword,
} from "./backends.test-util.js";
import { buildServerBundle, json, type ServerProcess, startServerProcess } from "./server-process.js";

const FILE = "all-backends.faults.test.ts";
const hasRedis = await needRedis(FILE);
const hasPostgres = needPostgres(FILE);

describe.runIf(hasRedis && hasPostgres)("the built server in production with every optional backend", () => {
  let database: ThrowawayDatabase;
  let smtp: SmtpStub;
  let stripe: StripeStub;
  let ai: OpenAiStub;
  let languageTool: Awaited<ReturnType<typeof startLanguageTool>>;
  let server: ServerProcess | undefined;
  const ip = randomClientIp();
  const email = `all-backends-${Date.now()}@example.com`;
  let token = "";

  beforeAll(async () => {
    await buildServerBundle();
    [database, smtp, stripe, ai, languageTool] = await Promise.all([
      createThrowawayDatabase("ds_all_backends"),
      startSmtpStub(),
      startStripeStub(),
      startOpenAiStub(),
      startLanguageTool(),
    ]);
    server = await startServerProcess(
      {
        NODE_ENV: "production",
        // The boot line is logged at info.
        LOG_LEVEL: "info",
        JWT_SECRET: "all-backends-signing-secret-0123456789",
        DATABASE_URL: database.url,
        REDIS_URL: testRedisUrl,
        SMTP_URL: smtp.url,
        // Sign-up confirms by mail, so the confirmation goes out through SMTP.
        AUTH_AUTOCONFIRM: "false",
        STRIPE_SECRET_KEY: "sk_test_all_backends",
        STRIPE_WEBHOOK_SECRET: "whsec_all_backends",
        STRIPE_API_BASE: stripe.url,
        AI_BASE_URL: ai.url,
        AI_MODEL: "stub-model",
        LANGUAGETOOL_URL: languageTool.url,
        TRUST_PROXY: "true",
      },
      await freePort(),
    );
  });

  afterAll(async () => {
    if (server && server.proc.exitCode === null) {
      server.proc.kill("SIGKILL");
      await server.exited;
    }
    await Promise.all([database?.drop(), smtp?.close(), stripe?.close(), ai?.close(), languageTool?.close()]);
  });

  it("names every active backend in its boot line and answers its health check", async () => {
    const boot = server!.output().split("\n").find((line) => line.includes("database: "));
    expect(boot, `server output:\n${server!.output()}`).toBeDefined();
    const { msg } = JSON.parse(boot!) as { msg: string };
    expect(msg).toBe(
      `database: PostgreSQL; AI: custom (stub-model); payments: Stripe; mail: SMTP; realtime: PostgreSQL LISTEN/NOTIFY; rate limits: Redis; live co-editing: shared through Redis; images: in the database; grammar as you type: LanguageTool (${new URL(languageTool.url).host})`,
    );
    const health = await fetch(`${server!.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await json(health)).toMatchObject({ status: "ok", database: "ok" });
    // The model server is the configured one, and it answers.
    expect(await json(await fetch(`${server!.url}/api/ai/health`))).toMatchObject({
      status: "ok",
      engine: "openai-compatible",
      provider: "custom",
      model: "stub-model",
    });
  });

  it("signs up with a confirmation mailed over SMTP, then signs in", async () => {
    const signup = await postJson(`${server!.url}/auth/v1/signup`, { email, password: PASSWORD }, ip);
    expect(signup.status).toBe(200);
    await expect.poll(() => smtp.messages.filter((m) => m.to.includes(email)).length, { timeout: 15_000 }).toBe(1);
    const mail = decodedBody(smtp.messages.find((m) => m.to.includes(email))!);
    const link = /https?:\/\/[^\s"<>]+\/auth\/v1\/verify\?[^\s"<>]+/.exec(mail)?.[0];
    expect(link, mail).toBeDefined();
    const confirmed = await fetch(link!.replace(/&amp;/g, "&"), { redirect: "manual", headers: { "x-forwarded-for": ip } });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toContain("access_token=");
    token = await signInWithPassword(server!.url, email, ip);
  });

  it("creates a document and reads it back", async () => {
    const created = await postJson(`${server!.url}/api/documents`, { title: "Every backend", content: docWith("Stored on PostgreSQL.") }, ip, token);
    expect(created.status).toBe(201);
    const { id } = await json(created);
    const read = await getWith(`${server!.url}/api/documents/${id}`, ip, token);
    expect(read.status).toBe(200);
    expect(await json(read)).toMatchObject({ id, title: "Every backend", content: docWith("Stored on PostgreSQL.") });
  });

  it("checks grammar as you type through LanguageTool", async () => {
    const res = await postJson(`${server!.url}/api/grammar/check`, { texts: ["Read teh notes."] }, ip, token);
    expect(res.status).toBe(200);
    expect((await json(res)).results).toEqual([[expect.objectContaining({ start: 5, end: 8, original: "teh", kind: "Spelling", candidates: ["the", "ten"] })]]);
    expect(languageTool.seen.at(-1)?.form.get("text")).toBe("Read teh notes.");
  });

  it("opens a checkout through Stripe", async () => {
    const res = await postJson(`${server!.url}/api/stripe/create-checkout-session`, { priceId: "price_creator_monthly" }, ip, token);
    expect(res.status).toBe(200);
    expect((await json(res)).url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    expect(stripe.requests.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(["POST /v1/customers", "POST /v1/checkout/sessions"]));
  });

  it("exits 0 on SIGTERM", async () => {
    server!.proc.kill("SIGTERM");
    const exit = await server!.exited;
    expect(exit.code, `server output:\n${server!.output().slice(-3000)}`).toBe(0);
  });
});
