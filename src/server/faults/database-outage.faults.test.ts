// The built server on PostgreSQL (DATABASE_URL) while its database goes away, and when it
// comes back, without restarting the process: every answer meanwhile is a 503
// `service_unavailable` with `Retry-After: 1` and an error body (never a 500), GET
// /api/health says "degraded" with the reason, and once the database is back the same
// process answers 200 again and health says "ok".
//   - unreachable: DATABASE_URL points through a small TCP proxy the test starts; stopping it
//     refuses new connections and cuts the open ones, as a stopped server or a network
//     failure does (the shared PostgreSQL itself is left alone);
//   - dropped: the throwaway database is dropped under the running server, then re-created
//     empty (health names the missing schema; the app does not create an empty schema under
//     its users), then restored from a dump taken before, as an operator would.
// Needs TEST_DATABASE_URL (and pg_dump/psql for the restore); skipped, saying so, without it.
import { execFileSync } from "node:child_process";
import net from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/net.js";
import { type ThrowawayDatabase, createThrowawayDatabase, needPostgres, postJson, randomClientIp } from "./backends.test-util.js";
import { buildServerBundle, json, type ServerProcess, startServerProcess } from "./server-process.js";

const FILE = "database-outage.faults.test.ts";
const hasPostgres = needPostgres(FILE);

/** A TCP relay to the PostgreSQL server that can be stopped (refuse and cut) and started again. */
class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on("close", () => this.sockets.delete(s));
        s.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

interface Answer {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

/** One of each kind of call: reads, writes, search, settings, and the /auth/v1 scope. */
async function callEverything(base: string, token: string, docId: string, ip: string): Promise<Answer[]> {
  const auth = { authorization: `Bearer ${token}`, "x-forwarded-for": ip };
  const calls: [string, () => Promise<Response>][] = [
    ["GET /api/documents", () => fetch(`${base}/api/documents`, { headers: auth })],
    ["GET /api/documents/:id", () => fetch(`${base}/api/documents/${docId}`, { headers: auth })],
    ["POST /api/documents", () => postJson(`${base}/api/documents`, { title: "During the outage" }, ip, token)],
    [
      "PATCH /api/documents/:id",
      () =>
        fetch(`${base}/api/documents/${docId}`, {
          method: "PATCH",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ title: "Renamed during the outage", version: 1 }),
        }),
    ],
    ["GET /api/search", () => fetch(`${base}/api/search?q=outage`, { headers: auth })],
    ["GET /api/settings/preferences", () => fetch(`${base}/api/settings/preferences`, { headers: auth })],
    ["GET /api/trash", () => fetch(`${base}/api/trash`, { headers: auth })],
    ["GET /auth/v1/user", () => fetch(`${base}/auth/v1/user`, { headers: auth })],
    [
      "POST /auth/v1/token",
      () => postJson(`${base}/auth/v1/token?grant_type=password`, { email: "nobody@example.com", password: "correct horse battery" }, ip),
    ],
  ];
  const answers: Answer[] = [];
  for (const [what, call] of calls) {
    const started = Date.now();
    const res = await call();
    const text = await res.text();
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(text);
    } catch {
      body = { notJson: text.slice(0, 200) };
    }
    answers.push({ what, status: res.status, ms: Date.now() - started, retryAfter: res.headers.get("retry-after"), body });
  }
  return answers;
}

/** The answers that are not a prompt "try again shortly": 503, Retry-After: 1, an error body, within 5 s. */
function notUnavailable(answers: Answer[]): Answer[] {
  return answers.filter(
    (a) => a.status !== 503 || a.ms > 5_000 || a.retryAfter !== "1" || !(a.body.error === "service_unavailable" || a.body.error_code === "service_unavailable"),
  );
}

async function health(base: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}/api/health`);
  return { status: res.status, body: await json(res) };
}

/** Polls until `check` holds (or the deadline passes); the last value either way. */
async function until<T>(get: () => Promise<T>, check: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (check(v) || Date.now() > deadline) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function signUpAndCreate(base: string, ip: string, email: string): Promise<{ token: string; docId: string }> {
  const signup = await json(await postJson(`${base}/auth/v1/signup`, { email, password: "correct horse battery" }, ip));
  const token = signup.access_token as string;
  expect(token, "sign-up gave a session").toBeTruthy();
  const created = await postJson(`${base}/api/documents`, { title: "Before the outage" }, ip, token);
  expect(created.status).toBe(201);
  return { token, docId: (await json(created)).id as string };
}

describe.runIf(hasPostgres)("the built server while its PostgreSQL is unreachable", () => {
  let database: ThrowawayDatabase;
  let proxy: TcpProxy;
  let server: ServerProcess | null = null;
  const ip = randomClientIp();

  beforeAll(async () => {
    await buildServerBundle();
    database = await createThrowawayDatabase("ds_unreachable");
    const real = new URL(database.url);
    proxy = new TcpProxy(await freePort(), { host: real.hostname, port: Number(real.port || 5432) });
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    server = await startServerProcess(
      { DATABASE_URL: viaProxy.toString(), JWT_SECRET: "u".repeat(48), TRUST_PROXY: "true" },
      await freePort(),
    );
  });
  afterAll(async () => {
    server?.proc.kill("SIGTERM");
    await proxy?.start().catch(() => {});
    await server?.exited;
    await proxy?.stop();
    await database?.drop();
  });

  it("answers 503 with Retry-After while the database cannot be reached, and recovers in the same process", async () => {
    const base = server!.url;
    const { token, docId } = await signUpAndCreate(base, ip, `unreachable-${Date.now()}@example.com`);
    expect((await callEverything(base, token, docId, ip)).filter((a) => a.status >= 500)).toEqual([]);

    await proxy.stop();
    // Rounds: the first meets connections cut under the pool, the next ones fresh refusals
    // (and the driver's wait between reconnects, which must stay short).
    for (let round = 0; round < 3; round++) {
      const answers = await callEverything(base, token, docId, ip);
      expect(notUnavailable(answers), `round ${round}: ${JSON.stringify(answers)}`).toEqual([]);
    }
    const down = await health(base);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: "degraded", database: "down", version: expect.any(String), time: expect.any(String) });
    expect(String(down.body.reason)).toMatch(/reach|connect/i);
    // Liveness stays a liveness check.
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);

    await proxy.start();
    const up = await until(
      () => health(base),
      (h) => h.status === 200,
    );
    expect(up.body).toMatchObject({ status: "ok", database: "ok" });
    const after = await callEverything(base, token, docId, ip);
    expect(after.filter((a) => a.status >= 500)).toEqual([]);
    const list = await fetch(`${base}/api/documents`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": ip } });
    expect(list.status).toBe(200);
    expect(server!.proc.exitCode).toBeNull();
  });
});

describe.runIf(hasPostgres)("the built server while its PostgreSQL database is dropped and re-created", () => {
  let database: ThrowawayDatabase;
  let server: ServerProcess | null = null;
  const ip = randomClientIp();
  const admin = () => postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    await buildServerBundle();
    database = await createThrowawayDatabase("ds_dropped");
    server = await startServerProcess({ DATABASE_URL: database.url, JWT_SECRET: "d".repeat(48), TRUST_PROXY: "true" }, await freePort());
  });
  afterAll(async () => {
    server?.proc.kill("SIGTERM");
    await server?.exited;
    await database?.drop();
  });

  it("answers 503 with Retry-After while the database is gone or empty, says why on health, and recovers once it is restored", async () => {
    const base = server!.url;
    const name = new URL(database.url).pathname.slice(1);
    const { token, docId } = await signUpAndCreate(base, ip, `dropped-${Date.now()}@example.com`);
    const dump = execFileSync("pg_dump", ["--no-owner", "--dbname", database.url], { maxBuffer: 64 * 1024 * 1024 });

    // Dropped: open connections are terminated, new ones find no database.
    const sql = admin();
    await sql.unsafe(`DROP DATABASE ${name} WITH (FORCE)`);
    for (let round = 0; round < 2; round++) {
      const answers = await callEverything(base, token, docId, ip);
      expect(notUnavailable(answers), `dropped, round ${round}: ${JSON.stringify(answers)}`).toEqual([]);
    }
    const gone = await health(base);
    expect(gone.status).toBe(503);
    expect(gone.body).toMatchObject({ status: "degraded", database: "down" });

    // Re-created empty: the server reaches it, but the schema is not there.
    await sql.unsafe(`CREATE DATABASE ${name}`);
    const empty = await until(
      () => health(base),
      (h) => h.body.database === "schema_missing",
    );
    expect(empty.status).toBe(503);
    expect(empty.body).toMatchObject({ status: "degraded", database: "schema_missing" });
    expect(String(empty.body.reason)).toMatch(/schema|migration/i);
    for (let round = 0; round < 2; round++) {
      const answers = await callEverything(base, token, docId, ip);
      expect(notUnavailable(answers), `empty, round ${round}: ${JSON.stringify(answers)}`).toEqual([]);
    }
    // The app left the empty database alone (no tables made behind the operator's back).
    const inEmpty = postgres(database.url, { max: 1, onnotice: () => {} });
    const tables = await inEmpty`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`;
    await inEmpty.end();
    expect(tables[0]!.n).toBe(0);

    // Restored from the dump: the same process serves the same account and document again.
    execFileSync("psql", ["--quiet", "--set", "ON_ERROR_STOP=1", "--dbname", database.url], { input: dump, stdio: ["pipe", "ignore", "inherit"] });
    await sql.end();
    const restored = await until(
      () => health(base),
      (h) => h.status === 200,
    );
    expect(restored.body).toMatchObject({ status: "ok", database: "ok" });
    const doc = await until(
      () => fetch(`${base}/api/documents/${docId}`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": ip } }),
      (r) => r.status === 200,
      10_000,
    );
    expect(doc.status).toBe(200);
    expect((await callEverything(base, token, docId, ip)).filter((a) => a.status >= 500)).toEqual([]);
    expect(server!.proc.exitCode).toBeNull();
  });
});
