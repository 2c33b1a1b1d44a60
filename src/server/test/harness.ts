// Integration-test harness: a fresh app on a fresh database for each test file.
// PGlite in memory by default; a throwaway PostgreSQL database (a copy of one migrated
// template, postgres-template.global.ts) when the suite runs with
// DRAFTSMITH_TEST_DB=postgres and TEST_DATABASE_URL (scripts/test.mjs does both runs).
import crypto from "node:crypto";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { inject } from "vitest";
import type { PlanId } from "../../shared/plans.js";
import { buildApp } from "../app.js";
import { type Config, loadConfig } from "../config.js";
import type { AppContext } from "../context.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { sessions, subscriptions, users } from "../db/schema.js";

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  database: Database;
  /** Moves the app's clock; tests never sleep to let time pass. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export const usingPostgres = () => process.env.DRAFTSMITH_TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;

async function createThrowawayDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `ds_test_${crypto.randomBytes(6).toString("hex")}`;
  const admin = postgres(base, { max: 1, onnotice: () => {} });
  // A copy of the migrated template when the global set-up made one (0.19 s against 0.6–0.7 s to migrate).
  const template = inject("postgresTemplate");
  await admin.unsafe(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(base, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

/** A log line as the server writes it (pino's JSON). */
export type LogLine = { level: number; msg: string; [k: string]: unknown };

/**
 * A fresh app on a fresh database. `opts.logs` keeps the server's log lines (at the env's
 * LOG_LEVEL) for tests that check what is logged; `opts.clientDir` is a built client for it
 * to serve (none unless told).
 */
export async function createTestApp(env: Record<string, string> = {}, opts: { logs?: LogLine[]; clientDir?: string } = {}): Promise<TestApp> {
  let drop = async () => {};
  let databaseUrl: string | undefined;
  if (usingPostgres()) {
    const created = await createThrowawayDatabase();
    databaseUrl = created.url;
    drop = created.drop;
  }
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    PUBLIC_URL: "http://localhost:3000",
    AUTH_AUTOCONFIRM: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...env,
  });
  // The migrated image made once by pglite-image.global.ts (absent when a file runs outside the integration project).
  const database = await openDatabase({ databaseUrl, dataDir: "memory://", poolSize: 5, image: inject("pgliteImage") });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const logs = opts.logs;
  const logger = logs ? { stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) } } : false;
  const { app, ctx } = await buildApp({ config, database, now: () => clock.now, logger, clientDir: opts.clientDir ?? "/nonexistent" });
  await app.ready();
  return {
    app,
    ctx,
    config,
    database,
    clock,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

export interface TestUser {
  id: string;
  email: string;
  sessionId: string;
  token: string;
  headers: { authorization: string };
}

/** The Authorization header of an access token, as the app's own client sends it. */
export function withToken(token: string): Pick<TestUser, "token" | "headers"> {
  return { token, headers: { authorization: `Bearer ${token}` } };
}

/**
 * The one way integration tests call the API: as `user` (or signed out when null), with an
 * optional JSON body and extra headers.
 */
export function request(
  t: Pick<TestApp, "app">,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  opts: { user?: Pick<TestUser, "headers"> | null; payload?: unknown; headers?: Record<string, string> } = {},
) {
  const headers = { ...(opts.user?.headers ?? {}), ...opts.headers };
  return t.app.inject({ method, url, headers, ...(opts.payload !== undefined ? { payload: opts.payload as object } : {}) });
}

/** A confirmed user with a live session, inserted directly (no sign-up round trip). */
export async function createTestUser(
  t: Pick<TestApp, "ctx">,
  opts: { email?: string; fullName?: string; plan?: PlanId } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${crypto.randomBytes(5).toString("hex")}@example.com`;
  const now = t.ctx.now();
  const [user] = await t.ctx.db
    .insert(users)
    .values({ email, fullName: opts.fullName ?? "Test User", emailConfirmedAt: now })
    .returning();
  const [session] = await t.ctx.db.insert(sessions).values({ userId: user!.id }).returning();
  if (opts.plan && opts.plan !== "gratis") await setTestPlan(t, user!.id, opts.plan);
  const { token } = await t.ctx.jwt.sign({ userId: user!.id, email, sessionId: session!.id, now });
  return { id: user!.id, email, sessionId: session!.id, ...withToken(token) };
}

/**
 * A new access token for the user's session, signed at the app's clock: access tokens last an
 * hour, so a test that moves the clock further signs the user in again.
 */
export async function freshToken(t: Pick<TestApp, "ctx">, user: Pick<TestUser, "id" | "email" | "sessionId">) {
  const { token } = await t.ctx.jwt.sign({ userId: user.id, email: user.email, sessionId: user.sessionId, now: t.ctx.now() });
  return withToken(token);
}

/** Puts a user on an active paid plan for the next 30 days. */
export async function setTestPlan(t: Pick<TestApp, "ctx">, userId: string, plan: PlanId) {
  const now = t.ctx.now();
  const values = {
    userId,
    provider: "builtin",
    plan,
    status: plan === "gratis" ? "inactive" : "active",
    currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    stateAt: now,
  };
  await t.ctx.db.insert(subscriptions).values(values).onConflictDoUpdate({ target: subscriptions.userId, set: values });
}
