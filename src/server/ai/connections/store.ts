// The ai_connections rows, always by the owner's id: one connection per user.
import { eq } from "drizzle-orm";
import { AI_CONNECTION_KEY_HINT_CHARS, type AiConnectionView } from "../../../shared/contracts/ai-connections.js";
import { aiConnections, type Db } from "../../db/index.js";
import type { SecretBox } from "./secret-box.js";

export type ConnectionRow = typeof aiConnections.$inferSelect;

/** Keys shorter than this show no hint: four characters of a short key give too much of it away. */
const HINT_MIN_KEY_LENGTH = 12;

export async function findConnection(db: Db, userId: string): Promise<ConnectionRow | null> {
  const [row] = await db.select().from(aiConnections).where(eq(aiConnections.userId, userId));
  return row ?? null;
}

export async function saveConnection(
  db: Db,
  box: SecretBox,
  userId: string,
  input: { baseUrl: string; model: string; apiKey?: string },
  now: Date,
): Promise<ConnectionRow> {
  const key = input.apiKey || null;
  const values = {
    baseUrl: input.baseUrl,
    model: input.model,
    apiKey: key ? box.seal(key) : null,
    keyHint: key && key.length >= HINT_MIN_KEY_LENGTH ? key.slice(-AI_CONNECTION_KEY_HINT_CHARS) : null,
    updatedAt: now,
  };
  const [row] = await db
    .insert(aiConnections)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({ target: aiConnections.userId, set: values })
    .returning();
  return row!;
}

export async function deleteConnection(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(aiConnections).where(eq(aiConnections.userId, userId)).returning({ userId: aiConnections.userId });
  return rows.length > 0;
}

export function presentConnection(row: ConnectionRow): AiConnectionView {
  return {
    baseUrl: row.baseUrl,
    model: row.model,
    hasKey: row.apiKey !== null,
    keyHint: row.apiKey !== null ? row.keyHint : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
