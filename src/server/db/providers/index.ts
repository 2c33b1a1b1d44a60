// Picks the database from configuration: PostgreSQL when DATABASE_URL is set, else the
// built-in PGlite. The PostgreSQL driver (postgres.js) loads only when it is the one chosen.
import { openPglite, pgliteHandle } from "./builtin.js";
import type { Database, DatabaseOptions } from "./types.js";

export type * from "./types.js";

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (!opts.databaseUrl) return openPglite(opts);
  const { openPostgres } = await import("./postgres.js");
  return openPostgres({ ...opts, databaseUrl: opts.databaseUrl });
}

/**
 * The database for a start: `database` is what the app is built on, `ready` settles once it
 * answers (open and migrated). The built-in database is a handle at once, whose statements
 * wait for the opening, so the app can be built while its thread opens it; PostgreSQL is
 * the connected database, a promise until then.
 */
export function startDatabase(opts: DatabaseOptions): { database: Database | Promise<Database>; ready: Promise<Database> } {
  if (!opts.databaseUrl) return pgliteHandle(opts);
  const ready = openDatabase(opts);
  return { database: ready, ready };
}
