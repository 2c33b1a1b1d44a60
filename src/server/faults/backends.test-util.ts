// What the built-server suites need besides the server itself: a throwaway PostgreSQL
// database on TEST_DATABASE_URL's server, the test Redis (or a loud skip without one), and
// requests from an address of their own, so the rate-limit windows kept in a shared Redis
// by earlier runs and other suites never count against them.
import crypto from "node:crypto";
import postgres from "postgres";
import { redisReachable, testRedisUrl } from "../test/net.js";
import { json } from "./server-process.js";

/** Whether the Redis answers; with REQUIRE_REDIS=1 (CI) its absence fails the file instead. */
export async function needRedis(file: string): Promise<boolean> {
  const ok = await redisReachable();
  if (!ok && process.env.REQUIRE_REDIS === "1") throw new Error(`REQUIRE_REDIS=1 but no Redis answers at ${testRedisUrl}`);
  if (!ok) console.warn(`${file}: no Redis at ${testRedisUrl}; skipped`);
  return ok;
}

/** Whether TEST_DATABASE_URL names a PostgreSQL server to make databases on. */
export function needPostgres(file: string): boolean {
  if (!process.env.TEST_DATABASE_URL) console.warn(`${file}: TEST_DATABASE_URL is not set; skipped`);
  return !!process.env.TEST_DATABASE_URL;
}

export interface ThrowawayDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on TEST_DATABASE_URL's server; drop() removes it, connections and all. */
export async function createThrowawayDatabase(prefix: string): Promise<ThrowawayDatabase> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `${prefix}_${crypto.randomBytes(4).toString("hex")}`;
  const admin = () => postgres(base, { max: 1, onnotice: () => {} });
  const sql = admin();
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const sql = admin();
      await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await sql.end();
    },
  };
}

/** A client address of the test's own (the servers run with TRUST_PROXY=true). */
export function randomClientIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${1 + (b[2]! % 250)}`;
}

export const PASSWORD = "correct horse battery";

/** A POST with a JSON body from `ip`, with an optional bearer token. */
export function postJson(url: string, body: unknown, ip: string, token?: string): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A GET from `ip` with a bearer token. */
export function getWith(url: string, ip: string, token: string): Promise<Response> {
  return fetch(url, { headers: { "x-forwarded-for": ip, authorization: `Bearer ${token}` } });
}

/** Signs in with the password; the access token. */
export async function signInWithPassword(base: string, email: string, ip: string): Promise<string> {
  const res = await postJson(`${base}/auth/v1/token?grant_type=password`, { email, password: PASSWORD }, ip);
  const body = await json(res);
  if (res.status !== 200 || !body.access_token) throw new Error(`sign-in answered ${res.status}: ${JSON.stringify(body)}`);
  return body.access_token as string;
}

export function docWith(text: string) {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}
