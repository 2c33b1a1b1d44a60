// Autosave for a visitor editing through a share link: saves 2 s after the last change
// (spec §4), and at the latest 10 s after the first unsaved one while typing goes on, one
// request at a time, based on the last version it knows. A 409 hands the
// server's current document to onConflict (the page loads it and tells the visitor).
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS } from "../../../shared/limits";

export type VisitorSaveStatus = "saved" | "unsaved" | "saving" | "error";

export interface VisitorPayload {
  title: string;
  content: string;
}

export interface VisitorAutosaveDeps<R extends { version: number }> {
  snapshot(): VisitorPayload;
  send(payload: VisitorPayload, version: number): Promise<R>;
  /** The current document when the save was based on a stale version, else null. */
  conflictOf(err: unknown): R | null;
  onStatus(status: VisitorSaveStatus): void;
  onSaved(record: R): void;
  onConflict(current: R): void;
  onError(err: unknown): void;
  delayMs?: number;
  /** Longest an edit waits while changes keep coming (the delay restarts on each one). */
  maxWaitMs?: number;
}

export class VisitorAutosave<R extends { version: number }> {
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Runs from the first change no save has taken yet; later changes do not restart it. */
  private maxWaitTimer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private dirty = false;
  private last: string;

  constructor(
    private deps: VisitorAutosaveDeps<R>,
    public version: number,
  ) {
    this.last = JSON.stringify(deps.snapshot());
  }

  /** True while the visitor has edits the server has not stored yet. */
  get hasUnsaved(): boolean {
    return this.dirty || this.inFlight;
  }

  change(): void {
    this.dirty = true;
    this.deps.onStatus("unsaved");
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.deps.delayMs ?? AUTOSAVE_DELAY_MS);
    this.maxWaitTimer ??= setTimeout(this.fire, this.deps.maxWaitMs ?? AUTOSAVE_MAX_WAIT_MS);
  }

  private readonly fire = () => void this.save();

  /** A document that arrived from elsewhere (realtime or a reload) is now the base. */
  rebase(version: number): void {
    this.version = version;
    this.last = JSON.stringify(this.deps.snapshot());
    this.dirty = false;
    this.deps.onStatus("saved");
  }

  async save(): Promise<void> {
    // This save takes every change so far: neither timer is needed for them any more.
    this.clearTimers();
    if (this.inFlight) return;
    const payload = this.deps.snapshot();
    const key = JSON.stringify(payload);
    this.dirty = false;
    if (key === this.last) {
      this.deps.onStatus("saved");
      return;
    }
    this.inFlight = true;
    this.deps.onStatus("saving");
    try {
      const saved = await this.deps.send(payload, this.version);
      this.version = saved.version;
      this.last = key;
      this.deps.onSaved(saved);
      this.deps.onStatus(this.dirty ? "unsaved" : "saved");
    } catch (err) {
      const current = this.deps.conflictOf(err);
      if (current) {
        this.inFlight = false;
        this.deps.onConflict(current);
        this.rebase(current.version);
        return;
      }
      this.dirty = true;
      this.deps.onStatus("error");
      this.deps.onError(err);
    } finally {
      this.inFlight = false;
    }
    if (this.dirty && !this.timer) this.change();
  }

  dispose(): void {
    this.clearTimers();
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.maxWaitTimer) clearTimeout(this.maxWaitTimer);
    this.timer = null;
    this.maxWaitTimer = null;
  }
}
