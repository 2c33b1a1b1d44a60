// Image bytes in an S3-compatible object store (AWS S3, MinIO, Garage, Cloudflare R2), used
// by every instance alike. The AWS SDK is loaded on first use, not at start: most servers
// never touch it, and it takes a noticeable part of a second to load.
import type { S3Client } from "@aws-sdk/client-s3";
import type { ImageStore } from "./types.js";

export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (http://host/bucket/key), as MinIO and Garage usually need. */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket. */
  prefix: string;
}

type Sdk = typeof import("@aws-sdk/client-s3");

export function createS3ImageStore(settings: S3Settings): ImageStore {
  let ready: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  const connect = () => {
    ready ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: settings.region,
        forcePathStyle: settings.forcePathStyle,
        // Checksums only where S3 requires them: several S3-compatible stores (R2, older
        // MinIO and Garage) refuse the SDK's default extra checksum headers.
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        ...(settings.accessKeyId && settings.secretAccessKey
          ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
          : {}),
      }),
    }));
    return ready;
  };
  const objectKey = (key: string) => `${settings.prefix}${key}`;

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === "NoSuchKey" || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
          return null;
        }
        throw err;
      }
    },
    async delete(keys) {
      if (!keys.length) return;
      const { sdk, client } = await connect();
      // One request per object: DeleteObjects needs Content-MD5, which some S3-compatible stores (R2, older Garage) refuse or ignore.
      for (const key of keys) await client.send(new sdk.DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
    },
  };
}
