// Unsaved edits kept on the device, one entry per document, so a reload, a crash or a
// closed tab never loses them. localStorage is used (not IndexedDB) because it is
// synchronous: the copy is written even from a beforeunload/pagehide handler. Only the
// autosave controller reads and writes it (lib/autosave/controller.ts).
import type { Draft, DraftStorage } from "../../../lib/autosave/controller";

const PREFIX = "draftsmith.draft.";

const draftKey = (documentId: string) => `${PREFIX}${documentId}`;

function isDraft(v: unknown): v is Draft {
  if (!v || typeof v !== "object") return false;
  const d = v as Record<string, unknown>;
  return typeof d.title === "string" && typeof d.content === "string" && typeof d.baseVersion === "number" && typeof d.savedAt === "number";
}

/** The kept copy of one document, for the controller's `drafts`. */
export function documentDrafts(documentId: string, storage: Storage = localStorage): DraftStorage {
  const key = draftKey(documentId);
  const clear = () => {
    try {
      storage.removeItem(key);
    } catch {
      // Storage blocked: nothing was stored either.
    }
  };
  return {
    load() {
      try {
        const raw = storage.getItem(key);
        if (!raw) return null;
        const parsed: unknown = JSON.parse(raw);
        if (isDraft(parsed)) return parsed;
        storage.removeItem(key);
      } catch (err) {
        console.error("Reading the unsaved copy failed", err);
      }
      return null;
    },
    store(draft) {
      try {
        storage.setItem(key, JSON.stringify(draft));
      } catch (err) {
        // Quota or private mode: the save itself still goes out.
        console.error("Keeping an unsaved copy on this device failed", err);
      }
    },
    clear,
  };
}
