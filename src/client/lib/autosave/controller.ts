// Autosave as a small state machine, so an edit is never lost: a change (re)starts a 2 s
// timer, and typing without that pause is saved at the latest 10 s after its first unsaved
// change; when a timer fires the editor is serialized once, the copy is kept on the device
// (when the instance keeps drafts), and a save with the base version is sent only if the
// copy differs from what the server stores. Failures retry with back-off, offline waits for
// the network, a 409 stops and asks the user (or, configured so, takes the server's text).
// The controller alone reads and writes the kept copy and sends the keepalive flush when
// the page goes away. No React, no fetch: everything outside is injected, so the tests
// drive it with fake timers. The owner's editor and a shared-link visitor both use it.
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS } from "../../../shared/limits";

export type SaveStatus = "saved" | "unsaved" | "saving" | "offline" | "error" | "conflict";

/** What is saved: the title and the content as a JSON string (the editor's own serialization). */
export interface SavePayload {
  title: string;
  content: string;
}

/** The server's current document, as far as the autosave cares. */
export interface RemoteVersion {
  title: string;
  content: unknown;
  version: number;
  updatedAt?: string;
}

export type SaveOutcome =
  | { kind: "ok"; version: number; updatedAt?: string }
  | { kind: "conflict"; current: RemoteVersion }
  | { kind: "offline" }
  | { kind: "failed"; message?: string };

export interface Draft extends SavePayload {
  /** The server version the edits were based on. */
  baseVersion: number;
  savedAt: number;
}

/** Where the copy of unsaved edits is kept on the device (one document's entry). */
export interface DraftStorage {
  load: () => Draft | null;
  store: (draft: Draft) => void;
  clear: () => void;
}

export interface AutosaveDeps {
  /** Serializes the editor (title + content JSON). Called once per save attempt. */
  snapshot: () => SavePayload;
  send: (payload: SavePayload, baseVersion: number) => Promise<SaveOutcome>;
  /** Omitted: nothing is kept on the device (a shared-link visitor). */
  drafts?: DraftStorage;
  /**
   * Sends the last edits while the page goes away (a request that outlives the page);
   * resolves to the saved version if the page was still there to read the answer.
   * Omitted: leaving sends nothing more.
   */
  sendKeepalive?: (payload: SavePayload, baseVersion: number) => Promise<{ version: number; updatedAt?: string } | null>;
  /**
   * Omitted: a 409 stops and waits for keepMine() or acceptRemote(). Given: the editor shows
   * the server's document at once (this returns the editor serialized right after) and the
   * next save is based on it.
   */
  takeTheirs?: (current: RemoteVersion) => SavePayload;
  now?: () => number;
  delayMs?: number;
  /** Longest an edit waits while changes keep coming (the delay restarts on each one). */
  maxWaitMs?: number;
  /** Back-off for failed saves: 1 s, 2 s, 4 s … capped here. */
  maxRetryMs?: number;
}

export interface AutosaveState {
  status: SaveStatus;
  version: number;
  /** ISO time the stored document last changed (shown as "Last edited …"). */
  updatedAt: string | null;
  /** The newer server document when a save hit a 409. */
  conflict: RemoteVersion | null;
  /** Whether the editor holds edits the server does not have yet. */
  unsaved: boolean;
}

export const payloadKey = (p: SavePayload) => `${p.title}\u0000${p.content}`;

export function retryDelay(attempt: number, maxMs = 30_000): number {
  return Math.min(1000 * 2 ** attempt, maxMs);
}

export class AutosaveController {
  private readonly deps: AutosaveDeps;
  private readonly delayMs: number;
  private readonly maxWaitMs: number;
  private storedKey: string;
  private editSeq = 0;
  private savedSeq = 0;
  private inFlight = false;
  private saveAgain = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Runs from the first change no save has serialized yet, and is not restarted by later ones. */
  private maxWaitTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private autoSave = true;
  private disposed = false;
  /** The edit the last keepalive flush carried, so unload, pagehide and close send it once. */
  private flushedSeq = -1;
  private state: AutosaveState;
  private readonly listeners = new Set<() => void>();

  constructor(deps: AutosaveDeps, initial: { stored: SavePayload; version: number; updatedAt?: string | null }) {
    this.deps = deps;
    this.delayMs = deps.delayMs ?? AUTOSAVE_DELAY_MS;
    this.maxWaitMs = deps.maxWaitMs ?? AUTOSAVE_MAX_WAIT_MS;
    this.storedKey = payloadKey(initial.stored);
    this.state = { status: "saved", version: initial.version, updatedAt: initial.updatedAt ?? null, conflict: null, unsaved: false };
  }

  // ---- observation (useSyncExternalStore) ----
  getState = (): AutosaveState => this.state;
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  private set(patch: Partial<AutosaveState>): void {
    const unsaved = this.editSeq !== this.savedSeq || this.inFlight;
    const next = { ...this.state, unsaved, ...patch };
    const s = this.state;
    if (
      next.status === s.status &&
      next.version === s.version &&
      next.updatedAt === s.updatedAt &&
      next.conflict === s.conflict &&
      next.unsaved === s.unsaved
    ) {
      return;
    }
    this.state = next;
    for (const l of this.listeners) l();
  }

  get version(): number {
    return this.state.version;
  }

  /** True while the editor holds anything the server has not confirmed. */
  hasUnsavedEdits(): boolean {
    return this.editSeq !== this.savedSeq || this.inFlight || this.state.status === "conflict";
  }

  /** Turns timed saving on/off (preference autoSave). Off: only save() saves. */
  setAutoSave(on: boolean): void {
    this.autoSave = on;
    if (!on) this.clearTimer();
    else if (this.editSeq !== this.savedSeq) this.schedule();
  }

  /** Called on every title or content change: cheap, no serialization. */
  change(): void {
    if (this.disposed) return;
    this.editSeq++;
    const s = this.state.status;
    // "Saving...", "Offline", "Save failed" and a conflict stay visible until they resolve.
    this.set({ status: s === "saved" ? "unsaved" : s });
    if (this.autoSave) this.schedule();
  }

  /** Saves now (Save button, Ctrl+S, tab hidden, back online). */
  save(): Promise<void> {
    this.clearTimer();
    return this.run();
  }

  private schedule(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = setTimeout(this.fire, this.delayMs);
    this.maxWaitTimer ??= setTimeout(this.fire, this.maxWaitMs);
  }

  private readonly fire = (): void => {
    this.clearTimer();
    void this.run();
  };

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.maxWaitTimer !== null) clearTimeout(this.maxWaitTimer);
    this.timer = null;
    this.maxWaitTimer = null;
  }

  private clearRetry(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private async run(): Promise<void> {
    if (this.disposed || this.state.status === "conflict") return;
    if (this.inFlight) {
      this.saveAgain = true;
      return;
    }
    this.clearRetry();
    const seq = this.editSeq;
    const payload = this.deps.snapshot();
    const key = payloadKey(payload);
    if (key === this.storedKey) {
      // Typed and undone, or saved by another path: nothing to send.
      this.savedSeq = seq;
      this.attempt = 0;
      this.deps.drafts?.clear();
      this.set({ status: "saved" });
      return;
    }
    const baseVersion = this.state.version;
    this.deps.drafts?.store({ ...payload, baseVersion, savedAt: (this.deps.now ?? Date.now)() });
    this.inFlight = true;
    this.set({ status: "saving" });
    let outcome: SaveOutcome;
    try {
      outcome = await this.deps.send(payload, baseVersion);
    } catch (err) {
      outcome = { kind: "failed", message: err instanceof Error ? err.message : String(err) };
    }
    this.inFlight = false;
    if (this.disposed) return;
    this.handle(outcome, seq, key);
  }

  private handle(outcome: SaveOutcome, seq: number, key: string): void {
    switch (outcome.kind) {
      case "ok": {
        this.storedKey = key;
        this.attempt = 0;
        if (this.editSeq === seq) {
          this.savedSeq = seq;
          this.deps.drafts?.clear();
        }
        const pending = this.editSeq !== seq;
        this.set({ status: pending ? "unsaved" : "saved", version: outcome.version, updatedAt: outcome.updatedAt ?? this.state.updatedAt });
        if (pending && (this.saveAgain || (!this.timer && this.autoSave))) {
          this.saveAgain = false;
          void this.run();
        }
        this.saveAgain = false;
        return;
      }
      case "conflict":
        this.saveAgain = false;
        if (this.deps.takeTheirs) this.acceptRemote(outcome.current, this.deps.takeTheirs(outcome.current));
        else this.set({ status: "conflict", conflict: outcome.current });
        return;
      case "offline":
      case "failed": {
        this.saveAgain = false;
        const delay = retryDelay(this.attempt, this.deps.maxRetryMs);
        this.attempt++;
        this.set({ status: outcome.kind === "offline" ? "offline" : "error" });
        this.clearRetry();
        this.retryTimer = setTimeout(() => {
          this.retryTimer = null;
          void this.run();
        }, delay);
        return;
      }
    }
  }

  /** Conflict: "Keep mine" — save the editor's text over the newer version. */
  keepMine(): Promise<void> {
    const conflict = this.state.conflict;
    if (!conflict) return Promise.resolve();
    // The stored text is now theirs, which the editor's text differs from by definition.
    this.storedKey = "";
    this.set({ status: "unsaved", conflict: null, version: conflict.version });
    this.attempt = 0;
    return this.save();
  }

  /**
   * The editor now shows the server's document (after "Take theirs" or an incoming
   * update): `applied` is the editor serialized right after replacing its content.
   */
  acceptRemote(remote: RemoteVersion, applied: SavePayload): void {
    this.clearTimer();
    this.clearRetry();
    this.storedKey = payloadKey(applied);
    this.savedSeq = this.editSeq;
    this.attempt = 0;
    this.saveAgain = false;
    this.deps.drafts?.clear();
    this.set({ status: "saved", conflict: null, version: remote.version, updatedAt: remote.updatedAt ?? this.state.updatedAt });
  }

  /**
   * The copy kept on the device by an earlier visit that the server does not have, if any.
   * A copy equal to the stored document is dropped. Call once the controller has started.
   */
  takeDraft(): Draft | null {
    const draft = this.deps.drafts?.load() ?? null;
    if (!draft) return null;
    if (payloadKey(draft) !== this.storedKey) return draft;
    this.deps.drafts?.clear();
    return null;
  }

  /** The user declined the kept copy (or it could not be read): it is dropped. */
  discardDraft(): void {
    this.deps.drafts?.clear();
  }

  /** A restored draft goes on top of an older version: its base is that version. */
  restore(baseVersion: number): void {
    this.set({ version: baseVersion });
    this.change();
  }

  /**
   * Page is going away: serialize once, keep the copy on the device, and hand back what
   * to send with a keepalive request (null if nothing is unsaved or a conflict is open).
   */
  flushForUnload(): { payload: SavePayload; baseVersion: number; seq: number } | null {
    if (!this.hasUnsavedEdits()) return null;
    const payload = this.deps.snapshot();
    if (payloadKey(payload) === this.storedKey && !this.inFlight) return null;
    this.deps.drafts?.store({ ...payload, baseVersion: this.state.version, savedAt: (this.deps.now ?? Date.now)() });
    if (this.state.status === "conflict") return null;
    return { payload, baseVersion: this.state.version, seq: this.editSeq };
  }

  /**
   * A save made outside the timer (the unload flush) succeeded and the page is still
   * here (the user chose to stay): adopt its version so the next save does not conflict.
   */
  confirmSaved(payload: SavePayload, seq: number, version: number, updatedAt?: string): void {
    if (this.disposed || version <= this.state.version) return;
    this.storedKey = payloadKey(payload);
    if (this.editSeq === seq && !this.inFlight) {
      this.savedSeq = seq;
      this.clearTimer();
      this.clearRetry();
      this.deps.drafts?.clear();
      this.set({ status: "saved", version, updatedAt: updatedAt ?? this.state.updatedAt });
    } else {
      this.set({ version, updatedAt: updatedAt ?? this.state.updatedAt });
    }
  }

  /**
   * Leaving (unload, pagehide, closing the editor, signing out): keeps the copy on the
   * device and sends the unsaved edits with sendKeepalive, each edit once, only while
   * timed saving is on. Still works after dispose(), since the editor closing is one way
   * out. Resolves when the answer has been read (sign-out waits for it).
   */
  flush(): Promise<void> | undefined {
    const f = this.flushForUnload();
    const send = this.deps.sendKeepalive;
    if (!f || !send || f.seq === this.flushedSeq || !this.autoSave) return;
    this.flushedSeq = f.seq;
    return send(f.payload, f.baseVersion).then((saved) => {
      if (!saved) return;
      this.confirmSaved(f.payload, f.seq, saved.version, saved.updatedAt);
      // Once the editor has closed nothing else drops the copy kept on the device.
      const kept = this.deps.drafts?.load();
      if (kept && payloadKey(kept) === payloadKey(f.payload)) this.deps.drafts?.clear();
    });
  }

  dispose(): void {
    this.disposed = true;
    this.clearTimer();
    this.clearRetry();
    this.listeners.clear();
  }
}
