// Which errors mean the database cannot serve requests right now (the error handler answers
// them 503 with Retry-After; the health check words them). The shapes postgres.js and
// PostgreSQL give for it (drizzle wraps them, see databaseUnavailable):
const UNREACHABLE_CODES = new Set([
  // The socket to the server (Node's net layer; postgres.js passes them through).
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EHOSTDOWN",
  "ENETUNREACH",
  "ENETDOWN",
  "ENOTFOUND",
  "EAI_AGAIN",
  // postgres.js: the connection closed under a query, the pool was ended, the connect timed out.
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  // PostgreSQL (SQLSTATE): the server is shutting down, crashed, starting, full, or the database is gone.
  "57P01", // admin_shutdown (also a dropped database or a terminated backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, in recovery)
  "57P04", // database_dropped
  "57P05", // idle_session_timeout
  "57014", // query_canceled (statement_timeout)
  "53300", // too_many_connections
  "3D000", // invalid_catalog_name: the database in DATABASE_URL does not exist
]);
// The database answers but the app's tables are not there (re-created empty, restored without
// its schema). Also a 503: an operator must restore the schema; the health check names it.
const SCHEMA_MISSING_CODES = new Set([
  "42P01", // undefined_table
  "3F000", // invalid_schema_name
]);

export type DatabaseTrouble = "unreachable" | "schema_missing";

function troubleOf(code: unknown): DatabaseTrouble | null {
  if (typeof code !== "string") return null;
  if (UNREACHABLE_CODES.has(code)) return "unreachable";
  if (SCHEMA_MISSING_CODES.has(code)) return "schema_missing";
  // SQLSTATE class 08: connection exceptions (08000, 08001, 08003, 08004, 08006, 08P01, ...).
  if (/^08[0-9A-Z]{3}$/.test(code)) return "unreachable";
  return null;
}

/**
 * Whether an error means the database cannot serve requests right now, and why. The driver's
 * error may arrive wrapped: drizzle throws a DrizzleQueryError whose `cause` is the postgres.js
 * error carrying the code, and a failed connect with several addresses is an AggregateError
 * whose `errors` hold the socket errors. Follows causes and aggregated errors (bounded, in
 * case of a cycle).
 */
export function databaseUnavailable(err: unknown): DatabaseTrouble | null {
  const queue: unknown[] = [err];
  const seen = new Set<unknown>();
  while (queue.length > 0 && seen.size < 16) {
    const e = queue.shift();
    if (typeof e !== "object" || e === null || seen.has(e)) continue;
    seen.add(e);
    const trouble = troubleOf((e as { code?: unknown }).code);
    if (trouble) return trouble;
    queue.push((e as { cause?: unknown }).cause);
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors)) queue.push(...errors.slice(0, 4));
  }
  return null;
}
