// The plan's image storage: the bytes of every stored image a user owns (images uploaded to
// their documents, by them or by a member), against PLANS[plan].imageStorageBytes.
import { count, eq, sql } from "drizzle-orm";
import type { ImageUsage } from "../../shared/contracts/images.js";
import { PLANS } from "../../shared/plans.js";
import { getUserPlan } from "../billing/index.js";
import { type DbOrTx, images } from "../db/index.js";
import { AppError } from "../http/index.js";

export async function imageUsage(db: DbOrTx, ownerId: string, now: Date): Promise<ImageUsage> {
  const [[row], { plan }] = await Promise.all([
    db
      .select({ used: sql<string>`coalesce(sum(${images.byteSize}), 0)`, n: count() })
      .from(images)
      .where(eq(images.ownerId, ownerId)),
    getUserPlan(db, ownerId, now),
  ]);
  return { usedBytes: Number(row?.used ?? 0), limitBytes: PLANS[plan].imageStorageBytes, images: row?.n ?? 0, planName: PLANS[plan].name };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Throws 413 quota_exceeded when `adding` more bytes would pass the owner's plan's image storage. */
export async function assertRoomForImage(db: DbOrTx, ownerId: string, adding: number, now: Date, forOwner: boolean): Promise<void> {
  const usage = await imageUsage(db, ownerId, now);
  if (usage.usedBytes + adding <= usage.limitBytes) return;
  const whose = forOwner ? "Your" : "The document owner's";
  throw new AppError(
    413,
    "quota_exceeded",
    `${whose} ${usage.planName} plan holds ${mb(usage.limitBytes)} of images and ${mb(usage.usedBytes)} are used; this image needs ${mb(adding)}. Delete documents with images for good or upgrade the plan.`,
    { feature: "image_storage", usedBytes: usage.usedBytes, limitBytes: usage.limitBytes },
  );
}
