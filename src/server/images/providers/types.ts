// Where image bytes are kept. Two adapters: the built-in store (builtin.ts, the default: a
// table in the app's database, so a database backup holds the pictures) and any
// S3-compatible object store (s3.ts, when S3_BUCKET is set: AWS S3, MinIO, Garage,
// Cloudflare R2), shared by every instance; index.ts picks one. Image rows (images, in the
// database either way) say which key holds which picture and who may read it.
export interface ImageStore {
  kind: "database" | "s3";
  /** Stores `bytes` under `key` (a new key each time: keys are never overwritten). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes under `key`, or null when nothing is stored there. */
  get(key: string): Promise<Buffer | null>;
  /** Deletes what is stored under `keys`; a key with nothing under it is not an error. */
  delete(keys: string[]): Promise<void>;
}
