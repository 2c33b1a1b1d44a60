// PostgreSQL through postgres.js (DATABASE_URL).
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { migrate } from "../migrate.js";
import * as schema from "../schema.js";
import type { Database, Db, DatabaseOptions, SqlRunner } from "./types.js";

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

/** Seconds before the next connect after `retries` failed ones: 50 ms doubling, capped at 1 s, with jitter. */
export function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1) * (0.5 + Math.random() / 2);
}

export async function openPostgres(opts: DatabaseOptions & { databaseUrl: string }): Promise<Database> {
  const sql = postgres(opts.databaseUrl, {
    max: opts.poolSize ?? 10,
    onnotice: () => {},
    // Let a restarted database be picked up again without restarting the app.
    connect_timeout: 10,
    idle_timeout: 60,
    // Wait before reconnecting after failed connects, at most 1 s. postgres.js's default grows
    // to 20 s after a few failures, shared by the whole pool: during an outage each request
    // then waited up to 20 s before its 503, and as long again once the database was back.
    backoff: reconnectDelaySeconds,
  });
  const runner = postgresRunner(sql);
  await migrate(runner, "postgres");
  return {
    driver: "postgres",
    db: drizzlePostgres({ client: sql, schema }) as unknown as Db,
    sql: runner,
    async listen(channel, fn, onReconnect) {
      // postgres.js calls onlisten after the first LISTEN and after each reconnection.
      let listening = false;
      const sub = await sql.listen(channel, fn, () => {
        if (listening) onReconnect?.();
        listening = true;
      });
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
