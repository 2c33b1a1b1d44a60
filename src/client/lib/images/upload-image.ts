// Sends one picture file to the document's image upload route as the raw request body, with
// progress (XMLHttpRequest: fetch cannot report upload progress), and returns what the
// server stored. The server decides the type from the bytes; the error it answers with
// (too large, quota, not a picture, SVG) is passed on as its message.
import type { UploadedImage } from "../../../shared/contracts/images";
import { getAccessToken } from "../auth-client";

export class ImageUploadError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ImageUploadError";
  }
}

export async function uploadImage(
  documentId: string,
  file: Blob,
  opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadedImage> {
  const token = await getAccessToken();
  return new Promise<UploadedImage>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/documents/${documentId}/images`);
    if (token) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.setRequestHeader("Content-Type", file.type.startsWith("image/") ? file.type : "application/octet-stream");
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: { message?: string } | null = null;
      try {
        body = JSON.parse(xhr.responseText) as { message?: string };
      } catch {
        // Not JSON (a proxy's page): the status says enough.
      }
      if (xhr.status === 201 && body) resolve(body as UploadedImage);
      else reject(new ImageUploadError(body?.message ?? `The upload failed (${xhr.status || "no answer"})`, xhr.status));
    };
    xhr.onerror = () => reject(new ImageUploadError("The upload failed: no connection to the server", 0));
    xhr.onabort = () => reject(new ImageUploadError("The upload was cancelled", 0));
    opts.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
