// The built-in database: PGlite in its own thread (../pglite-remote.ts), so statements and
// request handling use both cores.
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate } from "../migrate.js";
import { openEmbedded, RemotePGlite, type RemoteQueryable } from "../pglite-remote.js";
import * as schema from "../schema.js";
import type { Database, Db, DatabaseOptions, SqlRunner } from "./types.js";

function pgliteRunner(pg: RemoteQueryable): SqlRunner {
  return {
    async query(text, params) {
      return (await pg.query(text, params as unknown[])).rows as never[];
    },
    async exec(text) {
      await pg.exec(text);
    },
    async transaction(fn) {
      if (!(pg instanceof RemotePGlite)) return fn(pgliteRunner(pg));
      return pg.transaction((tx) => fn(pgliteRunner(tx)));
    },
  };
}

export async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const { pg, release } = await (opts.embedded ?? openEmbedded(opts.dataDir, { lock: opts.lock, image: opts.image }));
  const runner = pgliteRunner(pg);
  await migrate(runner, "pglite");
  return {
    driver: "pglite",
    // Drizzle's PGlite driver only calls query() and transaction(), which the remote has.
    db: drizzlePglite({ client: pg as unknown as PGlite, schema }) as unknown as Db,
    sql: runner,
    async listen(channel, fn) {
      return pg.listen(channel, fn);
    },
    async notify(channel, payload) {
      await pg.query("SELECT pg_notify($1, $2)", [channel, payload]);
    },
    async ping() {
      await pg.query("SELECT 1");
      return true;
    },
    async close() {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
  };
}
