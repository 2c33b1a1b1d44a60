// Whether the database can serve the app, for GET /api/health: not only that the server
// answers `SELECT 1` (a database re-created empty does), but that the app's schema is there
// and current. One statement: the schema_migrations mark of the newest migration this
// version knows, and a look-up of two core tables in the catalog. A database that answers but
// lacks the schema is "schema_missing": the app does not create tables under running users (it
// migrates only when it starts), so the operator restores the database or restarts the app.
import { databaseUnavailable } from "./unavailable.js";
import { latestMigration } from "./migrate.js";
import type { SqlRunner } from "./providers/types.js";

export type DatabaseState = "ok" | "down" | "schema_missing";

export interface Readiness {
  database: DatabaseState;
  /** Why it is not "ok", in words for an operator. */
  reason?: string;
}

export const READINESS_TIMEOUT_MS = 3_000;

/**
 * The core tables the check looks up. Looked up in the catalog rather than read: a first read
 * of each table plans against it (its indexes opened, its files read), 6–10 ms per table on
 * the built-in database just opened, which was most of the first check's 25–29 ms after a
 * start (2026-11-28, 2 × Xeon, load 1–2).
 */
const CORE_TABLES = ["users", "documents"] as const;

/**
 * A read of those tables, which main.ts sends to the built-in database as soon as its
 * migration check is done, unasked: the first requests then find the tables' catalog entries
 * and pages loaded (a first read took 75–150 ms cold at load 8–10, 3–15 ms after).
 */
export const CORE_TABLES_WARM_UP = `SELECT ${CORE_TABLES.map((t) => `(SELECT count(*) FROM (SELECT 1 FROM ${t} LIMIT 1) ${t[0]})`).join(" + ")} AS sample`;

/** The first core table the catalog does not hold, or null. */
const MISSING_TABLE = `CASE ${CORE_TABLES.map((t) => `WHEN to_regclass('${t}') IS NULL THEN '${t}'`).join(" ")} END`;

let latest: string | null = null;

function codeOf(err: unknown): string | undefined {
  let e: unknown = err;
  for (let hops = 0; hops < 8 && typeof e === "object" && e !== null; hops++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    const first = (e as { errors?: unknown[] }).errors?.[0];
    e = (e as { cause?: unknown }).cause ?? first;
  }
  return undefined;
}

function missingRelation(err: unknown): string | null {
  let e: unknown = err;
  for (let hops = 0; hops < 8 && typeof e === "object" && e !== null; hops++) {
    const m = /relation "([^"]+)" does not exist/.exec(String((e as { message?: unknown }).message ?? ""));
    if (m) return m[1]!;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

function schemaMissing(relation: string | null): Readiness {
  return {
    database: "schema_missing",
    reason:
      `The database answers but holds no Draftsmith schema${relation ? ` (table "${relation}" is missing)` : ""}: ` +
      "it was re-created empty or restored without its tables. Restore it from a backup, or restart the app to create an empty schema.",
  };
}

export function describeFailure(err: unknown): Readiness {
  const code = codeOf(err);
  const trouble = databaseUnavailable(err);
  if (trouble === "schema_missing") return schemaMissing(missingRelation(err));
  if (code === "3D000") return { database: "down", reason: "The database named in DATABASE_URL does not exist (dropped?)." };
  if (trouble === "unreachable") return { database: "down", reason: `The database cannot be reached (${code ?? "connection failed"}).` };
  return { database: "down", reason: `The database check failed${code ? ` (${code})` : ""}.` };
}

/** Checks the schema the app needs; never throws, and gives up after `timeoutMs`. */
export async function checkReadiness(sql: SqlRunner, timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  latest ??= latestMigration();
  const newest = latest;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(
      () => resolve({ database: "down", reason: `The database did not answer within ${timeoutMs >= 1000 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`}.` }),
      timeoutMs,
    );
  });
  const check = (async (): Promise<Readiness> => {
    try {
      const [row] = await sql.query<{ current: boolean; missing: string | null }>(
        `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1) AS current, ${MISSING_TABLE} AS missing`,
        [newest],
      );
      if (row?.missing) return schemaMissing(row.missing);
      if (!row?.current) {
        return {
          database: "schema_missing",
          reason: `The database schema is behind this version: migration ${newest} is not applied. Restart the app to apply it.`,
        };
      }
      return { database: "ok" };
    } catch (err) {
      return describeFailure(err);
    }
  })();
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
