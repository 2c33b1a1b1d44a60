// Picks the database from configuration: PostgreSQL when DATABASE_URL is set, else the
// built-in PGlite.
import { openPglite } from "./builtin.js";
import { openPostgres } from "./postgres.js";
import type { Database, DatabaseOptions } from "./types.js";

export type * from "./types.js";

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres({ ...opts, databaseUrl: opts.databaseUrl }) : openPglite(opts);
}
