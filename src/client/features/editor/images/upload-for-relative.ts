// The file for a relative picture (one the import kept by its address beside the original
// file, which Draftsmith never loads): the writer picks it, it is uploaded to the document,
// and the picture then holds the stored image, keeping its alt text, caption, width and
// alignment (image-view.ts puts the new src in, one undoable change).
import { IMAGE_ACCEPT, IMAGE_MAX_BYTES } from "../../../../shared/contracts/image-src";
import { rememberImage } from "../../../lib/images/image-access";
import { uploadImage } from "../../../lib/images/upload-image";
import { toast } from "../../../lib/toast";

const MB = 1024 * 1024;

/** Opens the file picker for one picture; resolves with null when none was chosen. */
function pickOne(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement("input");
    input.type = "file";
    input.accept = IMAGE_ACCEPT;
    input.style.display = "none";
    const done = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener("change", () => done(input.files?.[0] ?? null));
    input.addEventListener("cancel", () => done(null));
    document.body.append(input);
    input.click();
  });
}

/** Picks a picture and uploads it to document `documentId`: the stored image's src, or null (cancelled or refused, with a message). */
export async function uploadForRelative(documentId: string): Promise<string | null> {
  const file = await pickOne();
  if (!file) return null;
  if (file.size > IMAGE_MAX_BYTES) {
    toast({ title: `${file.name} is too large`, description: `Pictures may be at most ${IMAGE_MAX_BYTES / MB} MB.`, variant: "destructive" });
    return null;
  }
  try {
    const stored = await uploadImage(documentId, file);
    rememberImage(stored.src, file);
    return stored.src;
  } catch (err) {
    toast({ title: "The picture was not uploaded", description: (err as Error).message, variant: "destructive" });
    return null;
  }
}
