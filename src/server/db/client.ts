// One database interface over two drivers: embedded PGlite (default, a directory on disk)
// and PostgreSQL through postgres.js (DATABASE_URL). Both speak the same SQL dialect, so
// the rest of the server sees one typed Drizzle database and never asks which it has.
// PGlite runs in its own thread (pglite-remote.ts), so statements and request handling
// use both cores.
import type { PGlite } from "@electric-sql/pglite";
import type { PgDatabase } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { migrate } from "./migrate.js";
import { type EmbeddedDatabase, openEmbedded, RemotePGlite, type RemoteQueryable } from "./pglite-remote.js";
import * as schema from "./schema.js";

export type Schema = typeof schema;
export type Db = PgDatabase<any, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type DbOrTx = Db | Tx;

/** Plain SQL access for the few places Drizzle does not cover (migrations, NOTIFY). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

export type Listener = (payload: string) => void;

export interface Database {
  driver: "pglite" | "postgres";
  db: Db;
  sql: SqlRunner;
  /** LISTEN on a channel; resolves to an unsubscribe function. */
  listen(channel: string, fn: Listener): Promise<() => Promise<void>>;
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
  /** PGlite already being opened in `dataDir` (main.ts starts it before the app loads). */
  embedded?: Promise<EmbeddedDatabase>;
}

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

function postgresRunner(sql: postgres.Sql | postgres.TransactionSql): SqlRunner {
  return {
    async query(text, params) {
      return (await sql.unsafe(text, (params ?? []) as postgres.ParameterOrJSON<never>[])) as never[];
    },
    async exec(text) {
      await sql.unsafe(text);
    },
    async transaction(fn) {
      if (!("begin" in sql)) return fn(postgresRunner(sql));
      return (await (sql as postgres.Sql).begin((tx) => fn(postgresRunner(tx)))) as never;
    },
  };
}

async function openPglite(opts: DatabaseOptions): Promise<Database> {
  const { pg, release } = await (opts.embedded ?? openEmbedded(opts.dataDir, { lock: opts.lock }));
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

async function openPostgres(opts: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const sql = postgres(opts.databaseUrl, {
    max: opts.poolSize ?? 10,
    onnotice: () => {},
    // Let a restarted database be picked up again without restarting the app.
    connect_timeout: 10,
    idle_timeout: 60,
  });
  const runner = postgresRunner(sql);
  await migrate(runner, "postgres");
  return {
    driver: "postgres",
    db: drizzlePostgres({ client: sql, schema }) as unknown as Db,
    sql: runner,
    async listen(channel, fn) {
      const sub = await sql.listen(channel, fn);
      return async () => sub.unlisten();
    },
    async notify(channel, payload) {
      await sql`SELECT pg_notify(${channel}, ${payload})`;
    },
    async ping() {
      await sql`SELECT 1`;
      return true;
    },
    async close() {
      await sql.end({ timeout: 5 });
    },
  };
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  return opts.databaseUrl ? openPostgres({ ...opts, databaseUrl: opts.databaseUrl }) : openPglite(opts);
}
