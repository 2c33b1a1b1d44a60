// The only reader of process.env. Every setting is validated here at boot; a bad value
// stops the server with one clear line per problem instead of failing later at random.
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));
const optionalUrl = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined))
  .pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("127.0.0.1"),
  PUBLIC_URL: optionalUrl,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  TRUST_PROXY: bool,

  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optionalUrl,
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),

  JWT_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
  AUTH_AUTOCONFIRM: bool,
  /** Password changes need the code GET /auth/v1/reauthenticate mails (sessions older than 24 h). */
  AUTH_SECURE_PASSWORD_CHANGE: bool,

  SMTP_URL: optionalUrl,
  /** Rate-limit windows shared by every instance; unset: each process counts alone. */
  REDIS_URL: optionalUrl,
  MAIL_FROM: z.string().default("Draftsmith <no-reply@draftsmith.local>"),

  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  DEEPSEEK_API_KEY: optionalString,
  DEEPSEEK_MODEL: z.string().default("deepseek-chat"),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_MODEL: optionalString,
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  // A LanguageTool server for the check as you type (self-hosted, or LanguageTool's own API
  // with a username and API key); without it the check runs in the writer's browser.
  LANGUAGETOOL_URL: optionalUrl,
  LANGUAGETOOL_USERNAME: z.string().optional(),
  LANGUAGETOOL_API_KEY: z.string().optional(),
  LANGUAGETOOL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Encrypts users' own model keys at rest (32 bytes, base64); unset: derived from the signing secret. */
  AI_CONNECTION_KEY: optionalString.pipe(
    z
      .string()
      .refine((v) => Buffer.from(v, "base64").length === 32, "must be 32 bytes in base64 (openssl rand -base64 32)")
      .optional(),
  ),
  /** Lets users' own model connections reach private and loopback addresses in production. */
  AI_CONNECTIONS_ALLOW_PRIVATE: bool,

  /** stripe | test (the built-in test checkout) | disabled; unset: see pickPayments(). */
  PAYMENTS: z
    .enum(["stripe", "test", "disabled", ""])
    .optional()
    .transform((v) => (v ? v : undefined)),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalUrl,
  STRIPE_PRICE_CREATOR: z.string().default("price_creator_monthly"),
  STRIPE_PRICE_PROFESSIONAL: z.string().default("price_professional_monthly"),
  STRIPE_PRICE_CREATOR_ANNUAL: optionalString,
  STRIPE_PRICE_PROFESSIONAL_ANNUAL: optionalString,

  REALTIME_BACKEND: z.enum(["auto", "memory", "postgres"]).default("auto"),

  /** Image bytes in an S3-compatible bucket (AWS S3, MinIO, Garage, R2); unset: in the database. */
  S3_BUCKET: optionalString,
  /** The store's address for anything but AWS S3 (e.g. http://minio:9000, https://<account>.r2.cloudflarestorage.com). */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path rather than the host name (MinIO, Garage). */
  S3_FORCE_PATH_STYLE: bool,
  /** Prefix of every object key, to share a bucket with other things. */
  S3_PREFIX: z.string().default("images/"),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  isProduction: boolean;
  publicUrl: string;
  publicOrigin: string;
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  ai: { kind: "offline" } | { kind: "openai-compatible"; name: string; baseURL?: string; apiKey: string; model: string };
  /** "builtin" is the test checkout (PAYMENTS=test); "disabled" sells nothing. */
  payments: "builtin" | "stripe" | "disabled";
  /** The built-in test checkout runs in production: every page says no payment is real. */
  paymentsTestBanner: boolean;
  mail: "outbox" | "smtp";
  realtime: "memory" | "postgres";
  /** Where image bytes live: the app's database, or an S3-compatible bucket. */
  images:
    | { kind: "database" }
    | {
        kind: "s3";
        bucket: string;
        endpoint?: string;
        region: string;
        accessKeyId?: string;
        secretAccessKey?: string;
        forcePathStyle: boolean;
        prefix: string;
      };
}

export class ConfigError extends Error {
  constructor(public problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

function pickAi(env: Env): Config["ai"] {
  if (env.AI_BASE_URL) {
    return {
      kind: "openai-compatible",
      name: "custom",
      baseURL: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY ?? "not-needed",
      model: env.AI_MODEL ?? env.OPENAI_MODEL,
    };
  }
  if (env.OPENAI_API_KEY) return { kind: "openai-compatible", name: "openai", apiKey: env.OPENAI_API_KEY, model: env.OPENAI_MODEL };
  if (env.DEEPSEEK_API_KEY) {
    return {
      kind: "openai-compatible",
      name: "deepseek",
      baseURL: "https://api.deepseek.com",
      apiKey: env.DEEPSEEK_API_KEY,
      model: env.DEEPSEEK_MODEL,
    };
  }
  return { kind: "offline" };
}

/**
 * PAYMENTS wins when set; otherwise Stripe when its key is set, else the built-in test
 * checkout outside production. In production without either the server refuses to start:
 * a live test checkout there hands out paid plans for free.
 */
function pickPayments(env: Env, problems: string[]): Config["payments"] {
  if (env.PAYMENTS === "stripe") {
    if (!env.STRIPE_SECRET_KEY) problems.push("PAYMENTS: 'stripe' needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    return "stripe";
  }
  if (env.PAYMENTS === "test") return "builtin";
  if (env.PAYMENTS === "disabled") return "disabled";
  if (env.STRIPE_SECRET_KEY) return "stripe";
  if (env.NODE_ENV === "production") {
    problems.push(
      "PAYMENTS: production needs STRIPE_SECRET_KEY, or PAYMENTS=disabled to sell nothing, or PAYMENTS=test for the built-in test checkout (no real payments)",
    );
  }
  return "builtin";
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push("STRIPE_WEBHOOK_SECRET: required when STRIPE_SECRET_KEY is set");
  }
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.JWT_SECRET) {
    problems.push("JWT_SECRET: required in production with DATABASE_URL so every instance signs alike");
  }
  const payments = pickPayments(env, problems);
  // Without SMTP no confirmation mail leaves the server, so nobody could finish signing up.
  if (env.NODE_ENV === "production" && !env.SMTP_URL && !env.AUTH_AUTOCONFIRM) {
    problems.push("SMTP_URL: production needs it to send confirmation mail, or AUTH_AUTOCONFIRM=true to sign people up without it");
  }
  if (env.REALTIME_BACKEND === "postgres" && !env.DATABASE_URL) {
    problems.push("REALTIME_BACKEND: 'postgres' needs DATABASE_URL");
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) problems.push("S3_BUCKET: required when S3_ENDPOINT is set");
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither");
  }
  if (!env.LANGUAGETOOL_USERNAME !== !env.LANGUAGETOOL_API_KEY) problems.push("LANGUAGETOOL_USERNAME and LANGUAGETOOL_API_KEY: set both or neither");
  if (problems.length) throw new ConfigError(problems);

  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    isProduction: env.NODE_ENV === "production",
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    database: env.DATABASE_URL ? { kind: "postgres", url: env.DATABASE_URL } : { kind: "pglite", dataDir: env.DATA_DIR },
    ai: pickAi(env),
    payments,
    paymentsTestBanner: payments === "builtin" && env.NODE_ENV === "production",
    mail: env.SMTP_URL ? "smtp" : "outbox",
    realtime:
      env.REALTIME_BACKEND === "memory" ? "memory" : env.DATABASE_URL || env.REALTIME_BACKEND === "postgres" ? "postgres" : "memory",
    images: env.S3_BUCKET
      ? {
          kind: "s3",
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
          prefix: env.S3_PREFIX,
        }
      : { kind: "database" },
  };
}

/** The one boot line that says which backends are active. */
export function describeBackends(config: Config): string {
  const db = config.database.kind === "pglite" ? `PGlite (${config.database.dataDir})` : "PostgreSQL";
  const ai = config.ai.kind === "offline" ? "built-in offline engine" : `${config.ai.name} (${config.ai.model})`;
  const pay =
    config.payments === "stripe"
      ? "Stripe"
      : config.payments === "disabled"
        ? "disabled (nothing for sale)"
        : "built-in test checkout (no real payments)";
  const outbox = config.isProduction ? "built-in outbox" : "built-in outbox (/dev/mailbox)";
  const mail = config.mail === "smtp" ? "SMTP" : config.AUTH_AUTOCONFIRM ? `${outbox}, sign-up without confirmation` : outbox;
  const rt = config.realtime === "postgres" ? "PostgreSQL LISTEN/NOTIFY" : "in-process";
  const limits = config.REDIS_URL ? "Redis" : "in-process";
  return `database: ${db}; AI: ${ai}; payments: ${pay}; mail: ${mail}; realtime: ${rt}; rate limits: ${limits}; live co-editing: ${config.REDIS_URL ? "shared through Redis" : "in-process"}; images: ${config.images.kind === "s3" ? `S3 bucket ${config.images.bucket}` : "in the database"}; grammar as you type: ${config.LANGUAGETOOL_URL ? `LanguageTool (${new URL(config.LANGUAGETOOL_URL).host})` : "in the browser"}`;
}
