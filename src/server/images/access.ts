// Who may fetch a stored image, decided in SQL: a reader of a document that references it.
// For a signed-in user that is the owner or a member of such a document (documents in the
// trash left out, so a trashed document's images pause with it); for a share-link visitor
// it is the one document of the link (sharing/ checks the link itself). An image nobody
// may read here is a 404, like a missing one.
import { and, eq, exists, isNull, or, sql } from "drizzle-orm";
import { type DbOrTx, documentImages, documentMembers, documents, images } from "../db/index.js";

const columns = { id: images.id, storageKey: images.storageKey, contentType: images.contentType, byteSize: images.byteSize };

export interface StoredImageRef {
  id: string;
  storageKey: string;
  contentType: string;
  byteSize: number;
}

/** The image when `userId` may read a document that references it, else null. */
export async function imageReadableByUser(db: DbOrTx, userId: string, imageId: string): Promise<StoredImageRef | null> {
  const member = db
    .select({ one: sql`1` })
    .from(documentMembers)
    .where(and(eq(documentMembers.documentId, documents.id), eq(documentMembers.userId, userId)));
  const readableDocument = db
    .select({ one: sql`1` })
    .from(documentImages)
    .innerJoin(documents, eq(documents.id, documentImages.documentId))
    .where(and(eq(documentImages.imageId, images.id), isNull(documents.deletedAt), or(eq(documents.userId, userId), exists(member))));
  const [row] = await db
    .select(columns)
    .from(images)
    .where(and(eq(images.id, imageId), exists(readableDocument)));
  return row ?? null;
}

/** The image when document `documentId` references it (the caller has checked the visitor's link to that document). */
export async function imageOfDocument(db: DbOrTx, documentId: string, imageId: string): Promise<StoredImageRef | null> {
  const [row] = await db
    .select(columns)
    .from(images)
    .innerJoin(documentImages, eq(documentImages.imageId, images.id))
    .where(and(eq(images.id, imageId), eq(documentImages.documentId, documentId)));
  return row ?? null;
}
