// Images in documents: the address a stored image has inside a document, the upload limits
// and the storage usage Settings shows. The server, the editor, the schema's attribute
// check and the exporters all read an image's id from its address through this file.
import { z } from "zod";

export { IMAGE_ACCEPT, IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS, LINKED_IMAGE_MAX_LENGTH, imageIdFromSrc, imageSrc, isLinkedImageSrc, isRelativeImageSrc, linkedImageHost } from "./image-src.js";

/** POST /api/documents/:id/images answers with the stored image. */
export const uploadedImageSchema = z.object({
  id: z.string(),
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  contentType: z.string(),
  bytes: z.number().int(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** GET /api/images/usage: how much of the plan's image storage the user's images take. */
export const imageUsageSchema = z.object({
  usedBytes: z.number().int(),
  limitBytes: z.number().int(),
  images: z.number().int(),
  planName: z.string(),
});
export type ImageUsage = z.infer<typeof imageUsageSchema>;
