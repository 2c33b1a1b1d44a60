// The built-in image store: bytes in the image_blobs table of the app's own database (PGlite
// in DATA_DIR or PostgreSQL), so nothing else needs configuring and a backup of the
// database is a backup of every picture.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/index.js";
import { imageBlobs } from "../../db/index.js";
import type { ImageStore } from "./types.js";

export function createDatabaseImageStore(db: Db): ImageStore {
  return {
    kind: "database",
    async put(key, bytes) {
      await db.insert(imageBlobs).values({ storageKey: key, bytes });
    },
    async get(key) {
      const [row] = await db.select({ bytes: imageBlobs.bytes }).from(imageBlobs).where(eq(imageBlobs.storageKey, key));
      return row ? Buffer.from(row.bytes) : null;
    },
    async delete(keys) {
      if (keys.length) await db.delete(imageBlobs).where(inArray(imageBlobs.storageKey, keys));
    },
  };
}
