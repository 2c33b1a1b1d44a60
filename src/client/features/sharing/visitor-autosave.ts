// Autosave for a visitor editing through a share link: saves 2 s after the last change
// (spec §4), one request at a time, based on the last version it knows. A 409 hands the
// server's current document to onConflict (the page loads it and tells the visitor).
import { AUTOSAVE_DELAY_MS } from "../../../shared/limits";

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
}

export class VisitorAutosave<R extends { version: number }> {
  private timer: ReturnType<typeof setTimeout> | null = null;
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
    this.timer = setTimeout(() => void this.save(), this.deps.delayMs ?? AUTOSAVE_DELAY_MS);
  }

  /** A document that arrived from elsewhere (realtime or a reload) is now the base. */
  rebase(version: number): void {
    this.version = version;
    this.last = JSON.stringify(this.deps.snapshot());
    this.dirty = false;
    this.deps.onStatus("saved");
  }

  async save(): Promise<void> {
    this.timer = null;
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
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
