// Applies the committed SQL migrations in name order, each once, inside a transaction.
// On PostgreSQL an advisory lock serialises several instances booting together.
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

function listMigrations(): { name: string; sql: string }[] {
  const dir = migrationsDir();
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(dir, name), "utf8") }));
}

export async function migrate(runner: SqlRunner, driver: "pglite" | "postgres"): Promise<string[]> {
  return runner.transaction(async (tx) => {
    if (driver === "postgres") await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
    await tx.exec(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set((await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((r) => r.name));
    const applied: string[] = [];
    for (const m of listMigrations()) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
