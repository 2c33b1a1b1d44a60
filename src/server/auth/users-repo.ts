// User lookups for the auth flows. Emails are stored lower-cased; the unique index is on
// lower(email), so lookups compare lower-cased too.
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/index.js";
import { users } from "../db/index.js";
import type { UserRow } from "./present.js";

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
  return row ?? null;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}

const MAX_METADATA_BYTES = 8 * 1024;

/** Splits auth-js `data` into the full_name column and the remaining metadata (size-capped). */
export function splitMetadata(
  data: Record<string, unknown> | null | undefined,
  current: Record<string, unknown> = {},
): { fullName: string | undefined; metadata: Record<string, unknown> } | { error: string } {
  const { full_name, email: _e, email_verified: _v, sub: _s, ...rest } = data ?? {};
  const metadata = { ...current, ...rest };
  if (Buffer.byteLength(JSON.stringify(metadata)) > MAX_METADATA_BYTES) return { error: "User metadata is too large" };
  if (full_name !== undefined && full_name !== null && typeof full_name !== "string") return { error: "full_name must be a string" };
  // Cut by characters, not UTF-16 units: slicing in the middle of an emoji would store a lone surrogate.
  return { fullName: typeof full_name === "string" ? Array.from(full_name.trim()).slice(0, 200).join("") : undefined, metadata };
}
