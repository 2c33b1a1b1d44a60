// Applies the committed SQL migrations in name order, each once, inside a transaction.
// On PostgreSQL an advisory lock serialises several instances booting together. Every start
// runs this; when the database already holds every migration (the usual case) it is a single
// read, not a transaction with DDL in it: on the embedded database the full check was four
// round trips and ~160 ms of the database thread's start-up under load.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SqlRunner } from "./providers/types.js";

const MIGRATION_LOCK_KEY = 4_207_311;

function migrationsDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From source: src/server/db; from the server bundle: dist/server (migrations copied beside it).
  const candidates = [path.join(here, "migrations"), path.join(here, "db", "migrations")];
  const found = candidates.find((dir) => fs.existsSync(dir));
  if (!found) throw new Error(`No migrations directory found near ${here}`);
  return found;
}

function migrationNames(dir: string): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort();
}

/** The newest migration this version of the app knows (the health check asks for its mark). */
export function latestMigration(): string {
  const names = migrationNames(migrationsDir());
  const last = names[names.length - 1];
  if (!last) throw new Error("No migrations found");
  return last;
}

/**
 * Whether every migration is recorded already. A database that has never been migrated has
 * no schema_migrations table: the read fails and the full path below creates it. Migrations
 * are only ever added, so a database that holds them all stays current without the lock.
 */
async function allApplied(runner: SqlRunner, names: string[]): Promise<boolean> {
  let rows: { name: string }[];
  try {
    rows = await runner.query<{ name: string }>("SELECT name FROM schema_migrations");
  } catch {
    return false;
  }
  const done = new Set(rows.map((r) => r.name));
  return names.every((name) => done.has(name));
}

export async function migrate(runner: SqlRunner, driver: "pglite" | "postgres"): Promise<string[]> {
  const dir = migrationsDir();
  const names = migrationNames(dir);
  if (await allApplied(runner, names)) return [];
  return runner.transaction(async (tx) => {
    if (driver === "postgres") await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    const applied: string[] = [];
    for (const name of names) {
      if (done.has(name)) continue;
      await tx.exec(fs.readFileSync(path.join(dir, name), "utf8"));
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
      applied.push(name);
    }
    return applied;
  });
}
