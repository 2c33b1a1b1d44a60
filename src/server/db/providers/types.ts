// One database interface over two drivers: embedded PGlite (builtin.ts, the default, a
// directory on disk) and PostgreSQL through postgres.js (postgres.ts, DATABASE_URL); index.ts
// picks one. Both speak the same SQL dialect, so the rest of the server sees one typed
// Drizzle database and never asks which it has.
import type { PgDatabase } from "drizzle-orm/pg-core";
import type { EmbeddedDatabase } from "../pglite-remote.js";
import type * as schema from "../schema.js";

type Schema = typeof schema;
export type Db = PgDatabase<any, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Plain SQL access for the few places Drizzle does not cover (migrations, NOTIFY). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

type Listener = (payload: string) => void;

export interface Database {
  driver: "pglite" | "postgres";
  db: Db;
  sql: SqlRunner;
  /**
   * LISTEN on a channel; resolves to an unsubscribe function. `onReconnect` runs when the
   * listening connection was lost and is listening again (what was sent meanwhile is lost).
   */
  listen(channel: string, fn: Listener, onReconnect?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; "memory://" keeps it in memory (tests). */
  dataDir: string;
  poolSize?: number;
  /** Skip the directory lock (only for in-memory databases). */
  lock?: boolean;
  /** For an in-memory PGlite: a tar of a migrated data directory to start from (tests). */
  image?: string;
  /** PGlite already being opened in `dataDir` (main.ts starts it before the app loads). */
  embedded?: Promise<EmbeddedDatabase>;
}
