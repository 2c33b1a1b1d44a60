// Picks the image store from configuration: an S3-compatible bucket when S3_BUCKET is set,
// else the built-in store in the app's database.
import type { Config } from "../../config.js";
import type { Db } from "../../db/index.js";
import { createDatabaseImageStore } from "./builtin.js";
import { createS3ImageStore } from "./s3.js";
import type { ImageStore } from "./types.js";

export type { ImageStore } from "./types.js";

export function createImageStore(config: Config, db: Db): ImageStore {
  const s3 = config.images;
  return s3.kind === "s3" ? createS3ImageStore(s3) : createDatabaseImageStore(db);
}
