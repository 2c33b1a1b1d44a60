// Stored images: saving an upload (bytes to the image store, then its row and its
// reference from the document, under the owner's quota), reading bytes, and deleting the
// images no document references any more.
import crypto from "node:crypto";
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { type UploadedImage, imageSrc } from "../../shared/contracts/images.js";
import type { AppContext } from "../context.js";
import { documentImages, images, users } from "../db/index.js";
import type { ProcessedImage } from "./process.js";
import { imageReadableByUser } from "./access.js";
import { assertRoomForImage } from "./quota.js";

/**
 * Stores a processed picture as an image of document `documentId` (owned by `ownerId`).
 * The bytes go first under a fresh key; the row and reference follow in one transaction
 * that holds the owner's row lock while it checks the quota, so two uploads at once cannot
 * both squeeze past it. When the transaction refuses, the bytes are deleted again.
 */
export async function saveImage(
  ctx: AppContext,
  input: { documentId: string; ownerId: string; uploaderId: string | null; image: ProcessedImage; id?: string },
): Promise<UploadedImage> {
  const { image } = input;
  const forOwner = input.uploaderId === input.ownerId;
  // Cheap early refusal, before any bytes move.
  await assertRoomForImage(ctx.db, input.ownerId, image.bytes.length, ctx.now(), forOwner);
  const id = input.id ?? crypto.randomUUID();
  const key = `${id}-${crypto.randomBytes(8).toString("hex")}`;
  await ctx.imageStore.put(key, image.bytes, image.contentType);
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT ${users.id} FROM ${users} WHERE ${users.id} = ${input.ownerId} FOR UPDATE`);
      await assertRoomForImage(tx, input.ownerId, image.bytes.length, ctx.now(), forOwner);
      await tx.insert(images).values({
        id,
        ownerId: input.ownerId,
        contentType: image.contentType,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
        storageKey: key,
      });
      await tx.insert(documentImages).values({ documentId: input.documentId, imageId: id });
    });
  } catch (err) {
    await ctx.imageStore.delete([key]).catch(() => {});
    throw err;
  }
  return { id, src: imageSrc(id), width: image.width, height: image.height, contentType: image.contentType, bytes: image.bytes.length };
}

export interface ImageBytes {
  id: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/**
 * The bytes of the images document `documentId` references, among `ids` (the exporters
 * ask for those its content names). An id the document does not reference is left out:
 * naming another document's image in your own content never reads it.
 */
export async function imageBytesOfDocument(ctx: AppContext, documentId: string, ids: string[]): Promise<Map<string, ImageBytes>> {
  const found = new Map<string, ImageBytes>();
  if (!ids.length) return found;
  const rows = await ctx.db
    .select({ id: images.id, storageKey: images.storageKey, contentType: images.contentType, width: images.width, height: images.height })
    .from(images)
    .innerJoin(documentImages, eq(documentImages.imageId, images.id))
    .where(and(eq(documentImages.documentId, documentId), inArray(images.id, ids)));
  for (const row of rows) {
    const bytes = await ctx.imageStore.get(row.storageKey);
    if (bytes) found.set(row.id, { id: row.id, contentType: row.contentType, width: row.width, height: row.height, bytes });
  }
  return found;
}

/**
 * Deletes the images no document references (their last document was deleted for good,
 * by the owner, the trash upkeep or an account deletion): first the bytes, then the rows,
 * so a failure leaves a row to retry rather than bytes nobody knows about. Idempotent.
 * `among` limits the look to those images (a document just deleted); without it, up to
 * 500 of all are done per call (the hourly upkeep).
 */
export async function purgeUnreferencedImages(ctx: AppContext, among?: string[]): Promise<number> {
  if (among && !among.length) return 0;
  const unreferenced = notExists(ctx.db.select({ one: sql`1` }).from(documentImages).where(eq(documentImages.imageId, images.id)));
  const orphans = await ctx.db
    .select({ id: images.id, key: images.storageKey })
    .from(images)
    .where(among ? and(inArray(images.id, among), unreferenced) : unreferenced)
    .limit(500);
  if (!orphans.length) return 0;
  await ctx.imageStore.delete(orphans.map((o) => o.key));
  await ctx.db.delete(images).where(
    and(
      inArray(
        images.id,
        orphans.map((o) => o.id),
      ),
      notExists(ctx.db.select({ one: sql`1` }).from(documentImages).where(eq(documentImages.imageId, images.id))),
    ),
  );
  return orphans.length;
}

/** Like imageBytesOfDocument, for content not tied to one document (an export of the editor's text): the images `userId` may read. */
export async function imageBytesForUser(ctx: AppContext, userId: string, ids: string[]): Promise<Map<string, ImageBytes>> {
  const found = new Map<string, ImageBytes>();
  for (const id of ids.slice(0, 500)) {
    const ref = await imageReadableByUser(ctx.db, userId, id);
    if (!ref) continue;
    const [row] = await ctx.db.select({ width: images.width, height: images.height }).from(images).where(eq(images.id, id));
    const bytes = await ctx.imageStore.get(ref.storageKey);
    if (bytes && row) found.set(id, { id, contentType: ref.contentType, width: row.width, height: row.height, bytes });
  }
  return found;
}
