// The one place that answers "which plan is this user on right now?". Document limits,
// AI gating and quotas all ask here. A subscription counts only while its status is
// active or trialing and its paid period has not ended; otherwise the user is on Gratis.
import { eq } from "drizzle-orm";
import { type PlanId, isPlanId } from "../../shared/plans.js";
import type { DbOrTx } from "../db/index.js";
import { subscriptions } from "../db/index.js";

export interface UserPlan {
  plan: PlanId;
  isActive: boolean;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The stored price id (says monthly or annual billing, see catalogue.ts intervalForPrice). */
  priceId: string | null;
  /** A change due when the paid period ends: its price id and when (null when none). */
  scheduledPriceId?: string | null;
  scheduledAt?: Date | null;
}

const ACTIVE_STATUSES = new Set(["active", "trialing"]);

export async function getUserPlan(db: DbOrTx, userId: string, now: Date = new Date()): Promise<UserPlan> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row) return { plan: "gratis", isActive: false, status: "inactive", currentPeriodEnd: null, cancelAtPeriodEnd: false, priceId: null };
  const inPeriod = !row.currentPeriodEnd || row.currentPeriodEnd.getTime() > now.getTime();
  // A change scheduled for the end of the paid period is the plan from that moment, before the
  // provider's event (or the built-in checkout's next billing call) writes it into the row.
  const scheduled =
    ACTIVE_STATUSES.has(row.status) && !row.cancelAtPeriodEnd && row.scheduledAt !== null && row.scheduledAt.getTime() <= now.getTime() && isPlanId(row.scheduledPlan ?? "")
      ? (row.scheduledPlan as PlanId)
      : null;
  const current = scheduled ?? row.plan;
  const isActive = ACTIVE_STATUSES.has(row.status) && (inPeriod || scheduled !== null) && isPlanId(current) && current !== "gratis";
  return {
    plan: isActive ? (current as PlanId) : "gratis",
    isActive,
    status: isActive ? row.status : row.status === "active" && !inPeriod ? "expired" : row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    priceId: row.priceId,
    scheduledPriceId: row.scheduledPriceId,
    scheduledAt: row.scheduledAt,
  };
}
