// The built-in database: PGlite in its own thread (../pglite-remote.ts), so statements and
// request handling use both cores.
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate } from "../migrate.js";
import { openEmbedded, type RemotePGlite, type RemoteQueryable, type RemoteTransaction } from "../pglite-remote.js";
import * as schema from "../schema.js";
import type { Database, Db, DatabaseOptions, SqlRunner } from "./types.js";

/** What Drizzle and the SQL runner call on the database: the thread's client, or a transaction in it. */
type Client = RemoteQueryable & { transaction?: RemotePGlite["transaction"] };

function pgliteRunner(pg: Client): SqlRunner {
  return {
    async query(text, params) {
      return (await pg.query(text, params as unknown[])).rows as never[];
    },
    async exec(text) {
      await pg.exec(text);
    },
    async transaction(fn) {
      // Inside a transaction, a nested one is the same transaction (no savepoints needed).
      if (!pg.transaction) return fn(pgliteRunner(pg));
      return pg.transaction((tx: RemoteTransaction) => fn(pgliteRunner(tx)));
    },
  };
}

export async function openPglite(opts: DatabaseOptions): Promise<Database> {
  return pgliteHandle(opts).ready;
}

/**
 * The built-in database as a handle at once, and `ready`, which settles once it is open and
 * migrated (or failed: a locked data directory, a failed migration). main.ts builds the
 * whole app on the handle while the database thread opens; a statement sent before then
 * waits for it, later ones go straight to the thread (the stand-ins below are replaced by
 * the thread's own methods, so no save pays for the wait once it is over).
 */
export function pgliteHandle(opts: DatabaseOptions): { database: Database; ready: Promise<Database> } {
  const opening = opts.embedded ?? openEmbedded(opts.dataDir, { lock: opts.lock, image: opts.image });
  const open = opening.then(async ({ pg }) => {
    // The migration check runs on the thread's client itself: the stand-ins wait for it.
    await migrate(pgliteRunner(pg), "pglite");
    client.query = pg.query.bind(pg);
    client.exec = pg.exec.bind(pg);
    client.transaction = pg.transaction.bind(pg);
    return pg;
  });
  const client: Required<Client> = {
    query: (text, params, options) => open.then((pg) => pg.query(text, params, options)) as never,
    exec: (text) => open.then((pg) => pg.exec(text)),
    transaction: (fn) => open.then((pg) => pg.transaction(fn)),
  };
  const runner = pgliteRunner(client);
  const database: Database = {
    driver: "pglite",
    // Drizzle's PGlite driver only calls query() and transaction(), which the client has.
    db: drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db,
    sql: runner,
    async listen(channel, fn) {
      return (await open).listen(channel, fn);
    },
    async notify(channel, payload) {
      await client.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await client.query("SELECT 1");
      return true;
    },
    async close() {
      // A database that never opened has nothing to close (its opening released the lock).
      const { pg, release } = await opening;
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
  const ready = open.then(() => database);
  // Reported by whoever awaits `ready` (main.ts, openPglite); a statement sent meanwhile
  // gets the same failure.
  ready.catch(() => {});
  return { database, ready };
}
