// Turns an uploaded file into the picture that is stored: its type decided from the bytes,
// decoded by sharp with a pixel limit (a small file that unpacks to a huge picture is
// refused before it is decoded), turned upright by its EXIF orientation and re-encoded, so
// no metadata — EXIF with GPS location, XMP, comments — survives. JPEG, PNG, GIF and WebP
// keep their format (animation too); AVIF, HEIF and TIFF become PNG, which every browser
// and exporter reads.
import type { Metadata } from "sharp";
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from "../../shared/contracts/images.js";
import { AppError, tooLarge } from "../http/index.js";
import { loadSharp } from "./sharp.js";
import { looksLikeSvg, sniffRaster } from "./sniff.js";

export interface ProcessedImage {
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png" | "image/gif" | "image/webp";
  width: number;
  height: number;
}

const unsupported = (message: string) => new AppError(415, "unsupported_media_type", message);
const MB = 1024 * 1024;

export async function processImage(input: Buffer): Promise<ProcessedImage> {
  if (input.length === 0) throw new AppError(400, "validation_failed", "The image file is empty");
  if (input.length > IMAGE_MAX_BYTES) throw tooLarge(`Images may be at most ${IMAGE_MAX_BYTES / MB} MB`);
  const kind = sniffRaster(input);
  if (!kind) {
    if (looksLikeSvg(input)) throw unsupported("SVG images are not accepted (they can carry scripts); export it as PNG and upload that");
    throw unsupported("This file is not an image Draftsmith accepts (PNG, JPEG, GIF, WebP, AVIF, HEIF or TIFF)");
  }
  const animated = kind === "gif" || kind === "webp";
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw unsupported("The image could not be read; the file may be damaged");
  }
  // sharp's own sniffing must agree with ours (a file that starts like a PNG and is something else is refused).
  const format = meta.format === "heif" && kind === "avif" ? "avif" : meta.format;
  if (format !== kind && !(kind === "heif" && format === "heif")) throw unsupported("The image could not be read; the file may be damaged");
  const width = meta.width ?? 0;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const pixels = width * (meta.height ?? 0);
  if (!width || !frameHeight) throw unsupported("The image could not be read; the file may be damaged");
  if (pixels > IMAGE_MAX_PIXELS) {
    throw tooLarge(`The picture is too large: ${width} × ${meta.height} pixels; at most ${Math.round(IMAGE_MAX_PIXELS / 1e6)} megapixels are accepted`);
  }

  try {
    // rotate() with no angle applies the EXIF orientation; output carries no metadata unless asked.
    const pipeline = sharp(input, { animated, limitInputPixels: IMAGE_MAX_PIXELS, failOn: "error" }).rotate();
    const out =
      kind === "jpeg"
        ? { sharp: pipeline.jpeg({ quality: 88, mozjpeg: true }), contentType: "image/jpeg" as const }
        : kind === "gif"
          ? { sharp: pipeline.gif(), contentType: "image/gif" as const }
          : kind === "webp"
            ? { sharp: pipeline.webp({ quality: 88 }), contentType: "image/webp" as const }
            : { sharp: pipeline.png({ compressionLevel: 8 }), contentType: "image/png" as const };
    const { data, info } = await out.sharp.toBuffer({ resolveWithObject: true });
    return { bytes: data, contentType: out.contentType, width: info.width, height: info.pageHeight ?? info.height };
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw tooLarge(`The picture is too large; at most ${Math.round(IMAGE_MAX_PIXELS / 1e6)} megapixels are accepted`);
    throw unsupported("The image could not be read; the file may be damaged");
  }
}
