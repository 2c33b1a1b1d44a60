// Unsaved edits kept on the device, one entry per document, so a reload, a crash or a
// closed tab never loses them. localStorage is used (not IndexedDB) because it is
// synchronous: the copy is written even from a beforeunload/pagehide handler.
import { type Draft, payloadKey, type SavePayload } from "./controller";

const PREFIX = "draftsmith.draft.";

export const draftKey = (documentId: string) => `${PREFIX}${documentId}`;

function isDraft(v: unknown): v is Draft {
  if (!v || typeof v !== "object") return false;
  const d = v as Record<string, unknown>;
  return typeof d.title === "string" && typeof d.content === "string" && typeof d.baseVersion === "number" && typeof d.savedAt === "number";
}

export function loadDraft(documentId: string, storage: Storage = localStorage): Draft | null {
  try {
    const raw = storage.getItem(draftKey(documentId));
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (isDraft(parsed)) return parsed;
    storage.removeItem(draftKey(documentId));
  } catch (err) {
    console.error("Reading the unsaved copy failed", err);
  }
  return null;
}

/** Returns false when the browser refused to store it (quota, private mode). */
export function storeDraft(documentId: string, draft: Draft, storage: Storage = localStorage): boolean {
  try {
    storage.setItem(draftKey(documentId), JSON.stringify(draft));
    return true;
  } catch (err) {
    console.error("Keeping an unsaved copy on this device failed", err);
    return false;
  }
}

export function clearDraft(documentId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(documentId));
  } catch {
    // Storage blocked: nothing was stored either.
  }
}

/**
 * The server acknowledged `saved`: drops the copy if it is that text. A newer copy (edits
 * made after it was sent, or in the document opened again since) stays.
 */
export function clearDraftIfSaved(documentId: string, saved: SavePayload, storage: Storage = localStorage): void {
  const draft = loadDraft(documentId, storage);
  if (draft && payloadKey(draft) === payloadKey(saved)) clearDraft(documentId, storage);
}
