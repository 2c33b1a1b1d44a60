// The plan's document limit, checked inside the transaction that adds a document (a create,
// a restore from the trash). The user's row is locked first, so two at once cannot both pass.
// Documents in the trash do not count.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { PLANS } from "../../shared/plans.js";
import { getUserPlan } from "../billing/index.js";
import { type Tx, documents, users } from "../db/index.js";
import { upgradeRequired } from "../http/index.js";

/** Throws 402 upgrade_required when the user already has as many documents as the plan allows. */
export async function assertRoomForDocument(tx: Tx, userId: string, now: Date, what: (limit: number, planName: string) => string): Promise<void> {
  await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${userId} FOR UPDATE`);
  const { plan } = await getUserPlan(tx, userId, now);
  const limit = PLANS[plan].documentLimit;
  if (limit === null) return;
  const [row] = await tx.select({ n: count() }).from(documents).where(and(eq(documents.userId, userId), isNull(documents.deletedAt)));
  if ((row?.n ?? 0) >= limit) throw upgradeRequired("documents", what(limit, PLANS[plan].name), { limit });
}
