// Pictures for the image tests, made with sharp, and the upload request as the editor sends it.
import zlib from "node:zlib";
import sharp from "sharp";
import { expect } from "vitest";
import type { UploadedImage } from "../../shared/contracts/images.js";
import type { TestApp, TestUser } from "../test/harness.js";

export const pngBytes = (width = 12, height = 8, background = "#c33") =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** A JPEG as a phone writes it: camera make, GPS position and an orientation (rotate 90°). */
export const jpegWithGps = () =>
  sharp({ create: { width: 16, height: 8, channels: 3, background: "#36c" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: "TestCam" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 300/100" },
    })
    .toBuffer();

/**
 * A real PNG whose header says 50 000 × 50 000 pixels (2.5 gigapixels): how a decompression
 * bomb presents itself, a few hundred bytes that would unpack to gigabytes.
 */
export async function pixelBomb(): Promise<Buffer> {
  const png = Buffer.from(await pngBytes(4, 4));
  // IHDR data starts at byte 16 (8 signature + 4 length + 4 type); its CRC follows the 13 data bytes.
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

export const svgBytes = () =>
  Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');

export function upload(
  t: Pick<TestApp, "app">,
  user: Pick<TestUser, "headers"> | null,
  documentId: string,
  bytes: Buffer,
  contentType = "image/png",
) {
  return t.app.inject({
    method: "POST",
    url: `/api/documents/${documentId}/images`,
    headers: { ...(user?.headers ?? {}), "content-type": contentType },
    payload: bytes,
  });
}

/** Uploads and fails the test unless the image was stored. */
export async function uploadOk(t: Pick<TestApp, "app">, user: Pick<TestUser, "headers">, documentId: string, bytes?: Buffer): Promise<UploadedImage> {
  const res = await upload(t, user, documentId, bytes ?? (await pngBytes()));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as UploadedImage;
}
