// Picks the database from configuration: PostgreSQL when DATABASE_URL is set, else the
// built-in PGlite. The PostgreSQL driver (postgres.js) loads only when it is the one chosen.
import { openPglite } from "./builtin.js";
import type { Database, DatabaseOptions } from "./types.js";

export type * from "./types.js";

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (!opts.databaseUrl) return openPglite(opts);
  const { openPostgres } = await import("./postgres.js");
  return openPostgres({ ...opts, databaseUrl: opts.databaseUrl });
}
