// A database connection dropped in the middle of a request (PostgreSQL's
// pg_terminate_backend, as an administrator or a failover does) is a 503 with Retry-After,
// not a 500, even though drizzle wraps the driver's error; and the app recovers on its own.
// Needs a real PostgreSQL server: the embedded database has no backends to terminate.
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser, usingPostgres } from "../test/harness.js";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const SKIP_REASON = "needs PostgreSQL: run with TEST_DATABASE_URL=postgres://… DRAFTSMITH_TEST_DB=postgres";

describe.skipIf(!usingPostgres())(`dropped database connection (${usingPostgres() ? "PostgreSQL" : SKIP_REASON})`, () => {
  let t: TestApp;
  let user: TestUser;
  let admin: postgres.Sql;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t);
    admin = postgres(t.config.DATABASE_URL!, { max: 1, onnotice: () => {} });
  });
  afterAll(async () => {
    await admin?.end();
    await t?.close();
  });

  /** Waits (by asking the server, not by sleeping) until a query returns a row. */
  async function until<T>(query: () => Promise<T[]>): Promise<T[]> {
    for (;;) {
      const rows = await query();
      if (rows.length > 0) return rows;
    }
  }

  it("answers 503 when the request's backend is terminated, then serves again", async () => {
    const created = await request(t, "POST", "/api/documents", { user, payload: { title: "Held" } });
    expect(created.statusCode).toBe(201);
    const doc = created.json();

    // Hold the document's row so the save below is certainly in flight on the server.
    const locker = postgres(t.config.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const held = deferred<void>();
    const lockTaken = deferred<number>();
    const transaction = locker.begin(async (tx) => {
      await tx`select 1 from documents where id = ${doc.id} for update`;
      const [row] = await tx<{ pid: number }[]>`select pg_backend_pid() as pid`;
      lockTaken.resolve(row!.pid);
      await held.promise;
    });
    const lockerPid = await lockTaken.promise;
    const [adminRow] = await admin<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const adminPid = adminRow!.pid;

    const save = request(t, "PATCH", `/api/documents/${doc.id}`, { user, payload: { title: "Saved", version: doc.version } });
    await until(() => admin`select pid from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and pid <> ${lockerPid}`);

    // Drop every connection of the app (the waiting save, idle pool connections, listeners).
    const pids = (
      await admin<{ pid: number }[]>`
        select pid from pg_stat_activity
        where datname = current_database() and backend_type = 'client backend' and pid <> all(${[lockerPid, adminPid]})`
    ).map((r) => r.pid);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) await admin`select pg_terminate_backend(${pid})`;
    held.resolve();
    await transaction;
    await locker.end();

    const res = await save;
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers["retry-after"]).toBe("1");
    expect(res.json()).toMatchObject({ error: "service_unavailable" });

    // The terminated backends are gone; the pool opens new connections and the save goes through.
    await until(async () => ((await admin`select 1 from pg_stat_activity where pid = any(${pids})`).length === 0 ? [true] : []));
    const retry = await request(t, "PATCH", `/api/documents/${doc.id}`, { user, payload: { title: "Saved", version: doc.version } });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ title: "Saved", version: doc.version + 1 });
  });
});
