// Autosave for a visitor editing through a share link: the owner's autosave controller
// (lib/autosave/controller.ts) configured for a visitor. The same timing (2 s after the last
// change, at the latest 10 s after the first unsaved one while typing goes on), one request
// at a time based on the last version it knows, retries with back-off. Unlike the owner, a
// visitor keeps no copy on the device and sends no keepalive request, and a 409 shows the
// server's current document at once (the page tells the visitor) instead of asking.
import { AutosaveController, type RemoteVersion, type SavePayload } from "../../lib/autosave/controller";

/** The stored document as the save endpoint answers it. */
interface SavedRecord {
  title: string;
  content: unknown;
  version: number;
  updated_at?: string;
}

export interface VisitorAutosaveOptions<R extends SavedRecord> {
  snapshot: () => SavePayload;
  send: (payload: SavePayload, version: number) => Promise<R>;
  /** The current document when the save was based on a stale version, else null. */
  conflictOf: (err: unknown) => R | null;
  /** Shows the server's document in place of the visitor's; the next save is based on it. */
  showTheirs: (current: RemoteVersion) => void;
  onSaved: (record: R) => void;
  /** A refused save (the controller retries it); the link may have stopped working. */
  onError: (err: unknown) => void;
  delayMs?: number;
  /** Longest an edit waits while changes keep coming (the delay restarts on each one). */
  maxWaitMs?: number;
}

const remoteOf = (r: SavedRecord): RemoteVersion => ({ title: r.title, content: r.content, version: r.version, updatedAt: r.updated_at });

export function createVisitorAutosave<R extends SavedRecord>(options: VisitorAutosaveOptions<R>, version: number): AutosaveController {
  return new AutosaveController(
    {
      snapshot: options.snapshot,
      send: async (payload, baseVersion) => {
        try {
          const saved = await options.send(payload, baseVersion);
          options.onSaved(saved);
          return { kind: "ok", version: saved.version, updatedAt: saved.updated_at };
        } catch (err) {
          const current = options.conflictOf(err);
          if (current) return { kind: "conflict", current: remoteOf(current) };
          options.onError(err);
          return { kind: "failed", message: err instanceof Error ? err.message : String(err) };
        }
      },
      takeTheirs: (current) => {
        options.showTheirs(current);
        return options.snapshot();
      },
      delayMs: options.delayMs,
      maxWaitMs: options.maxWaitMs,
    },
    { stored: options.snapshot(), version },
  );
}
