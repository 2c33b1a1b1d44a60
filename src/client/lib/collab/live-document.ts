// One document's live session in the browser: the Yjs document the editor is bound to, a
// copy of it in IndexedDB (so edits made offline survive a reload and merge when the
// connection returns), and the connection to /collab. It also answers the question the
// save indicator asks — is everything I see stored on the server? — from the server's
// "stored" notices, which carry the stored copy's state vector. When the server closes the
// connection it says why (collab-wire.ts): a refused change stops the reconnecting until the
// writer tries again (the same change would be refused again), and a request to slow down is
// answered with a pause that grows with each repeat.
import { HocuspocusProvider, WebSocketStatus, type onCloseParameters } from "@hocuspocus/provider";
import { IndexeddbPersistence } from "y-indexeddb";
import * as Y from "yjs";
import {
  COLLAB_BACKOFF_CODES,
  COLLAB_CLOSE,
  COLLAB_KEEPALIVE_MAX_BYTES,
  COLLAB_REFUSED_CODES,
  type CollabRequest,
  type CollabUpdateBody,
  readCollabNotice,
} from "../../../shared/contracts/collab-wire";
import { markOpen } from "./open-marks";

type SocketClose = onCloseParameters["event"];

export type LiveSaveStatus =
  /** Everything in this tab is stored on the server. */
  | "saved"
  /** Local changes are on their way or waiting for the next store (2 s after typing stops, at least every 10 s). */
  | "saving"
  /** No connection: changes are kept on this device and merged when it returns. */
  | "offline"
  /** The server could not store the document; it retries by itself. */
  | "error"
  /** The server refused a change: nothing more is sent until the writer tries again (kept on this device). */
  | "refused"
  /** Waiting to connect again after the server asked for a pause. */
  | "reconnecting";

/** A change the server refused, and what it said. */
export interface LiveRefusal {
  /** COLLAB_CLOSE.messageTooLarge or COLLAB_CLOSE.changeRefused. */
  code: number;
  /** The server's short reason (from the close frame), possibly empty. */
  reason: string;
}

export interface LiveDocumentState {
  status: LiveSaveStatus;
  /** Connected and authorized. */
  connected: boolean;
  /** The first exchange with the server finished (the editor shows the server's text). */
  synced: boolean;
  /** The copy on this device has been loaded. */
  localLoaded: boolean;
  readOnly: boolean;
  /** Access ended (signed out, removed, link turned off): the editor must close. */
  accessEnded: boolean;
  /** The server refused a change; the connection stays closed until retry(). */
  refused: LiveRefusal | null;
  /** Closed by the server with a request to wait: it connects again after a pause. */
  reconnecting: boolean;
  version: number | null;
  updatedAt: string | null;
}

export interface LiveUser {
  name: string;
  color: string;
}

/** What the connection needs: enough to start it before the view that shows the document exists. */
export interface LiveConnectionOptions {
  documentId: string;
  /** The access token, or "share:<token>" for a link visitor; asked again on every reconnect. */
  token: () => Promise<string>;
  /** Where /collab lives; the app's own origin by default. */
  url?: string;
}

export interface LiveDocumentOptions extends LiveConnectionOptions {
  user: LiveUser;
  /** Keep a copy in IndexedDB (off for a read-only link visitor). */
  persist?: boolean;
  /** Headers for the keepalive request when the page closes (read then; no await possible). */
  keepaliveHeaders: () => Record<string, string> | null;
}

function collabUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/collab`;
}

/** Pauses before connecting again after a close that asks for one: 1 s, 2 s, 4 s … at most 30 s. */
export const RECONNECT_FIRST_PAUSE_MS = 1000;
export const RECONNECT_MAX_PAUSE_MS = 30_000;
/** A connection that stays up this long starts the pauses from the first one again. */
export const RECONNECT_STABLE_MS = 10_000;

/** The WebSocket close code for a message larger than the server reads (the same message would be too large again). */
const CLOSE_MESSAGE_TOO_BIG = 1009;
/** Closes after which the same change would be refused again: no reconnecting until the writer acts. */
const REFUSED_CODES = new Set([...COLLAB_REFUSED_CODES, CLOSE_MESSAGE_TOO_BIG]);
/** Closes answered with a growing pause: too many messages or connections, a message editors may not send, no sign-in in time. */
const PAUSE_CODES = new Set([...COLLAB_BACKOFF_CODES, COLLAB_CLOSE.notAllowed, COLLAB_CLOSE.notAuthenticated]);

const fromBase64 = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Whether `stored` holds every change in `local` (both Yjs state vectors). */
function covers(stored: Map<number, number>, local: Map<number, number>): boolean {
  for (const [client, clock] of local) if ((stored.get(client) ?? 0) < clock) return false;
  return true;
}

export class LiveDocument {
  readonly ydoc = new Y.Doc();
  readonly provider: HocuspocusProvider;
  private persistence: IndexeddbPersistence | null = null;
  private adopted = false;
  private readonly documentId: string;
  /** Where a closing page leaves its unstored changes (see flushForUnload). */
  private readonly backupKey: string;
  private token: () => Promise<string>;
  private keepaliveHeaders: () => Record<string, string> | null = () => null;
  private state: LiveDocumentState = {
    status: "saved",
    connected: false,
    synced: false,
    localLoaded: false,
    readOnly: false,
    accessEnded: false,
    refused: null,
    reconnecting: false,
    version: null,
    updatedAt: null,
  };
  private readonly listeners = new Set<() => void>();
  private readonly commentListeners = new Set<(threadId: string) => void>();
  /** Local changes not yet known to be stored. */
  private dirty = false;
  /** What the last store held (its state vector), from the server's notice. */
  private lastStored: { vector: Map<number, number>; bytes: Uint8Array } | null = null;
  private failed = false;
  private destroyed = false;
  /** The close being handled: the provider reports each close to onClose twice. */
  private lastClose: SocketClose | null = null;
  /** Closes in a row answered with a pause (how long the next one is). */
  private pauses = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  /** Resets `pauses` once a connection has stayed up RECONNECT_STABLE_MS. */
  private stableTimer: ReturnType<typeof setTimeout> | null = null;

  /**
   * Connects at once. The view that shows the document completes the session with adopt():
   * who is writing, the copy on this device, the headers for a closing page.
   */
  constructor(opts: LiveConnectionOptions) {
    this.documentId = opts.documentId;
    this.backupKey = `draftsmith:unsent:${opts.documentId}`;
    this.token = opts.token;
    markOpen("live-start");

    // The server's first state has been read in; the editor builds its text from it next.
    const received = (tr: Y.Transaction) => {
      if (tr.origin !== this.provider) return;
      markOpen("sync-received");
      this.ydoc.off("beforeObserverCalls", received);
    };
    this.ydoc.on("beforeObserverCalls", received);
    this.ydoc.on("afterTransactionCleanup", this.deferFirstFillUpdate);

    this.ydoc.on("update", (_update: Uint8Array, origin: unknown) => {
      // Changes from the server are stored there already or soon; this tab's own (and those
      // restored from the copy on this device) are not until a notice says so.
      if (origin !== this.provider) this.dirty = true;
      this.refresh();
    });

    this.provider = new HocuspocusProvider({
      url: opts.url ?? collabUrl(),
      name: opts.documentId,
      document: this.ydoc,
      token: () => this.token(),
      onAuthenticated: ({ scope }) => {
        markOpen("connected");
        this.set({ readOnly: scope === "readonly" });
        this.announcePresence();
      },
      onAuthenticationFailed: () => this.endAccess(),
      onStatus: ({ status }) => {
        this.set({ connected: status === WebSocketStatus.Connected });
        this.watchStable(status === WebSocketStatus.Connected);
        // The provider hands these options to the socket it creates, which reports
        // "connecting" from inside this constructor, before this.provider is set. A throw
        // there fails the first connection attempt and the socket retries a second later.
        if (this.provider) this.refresh();
      },
      onUnsyncedChanges: () => this.refresh(),
      onSynced: ({ state }) => {
        if (state) markOpen("synced");
        this.set({ synced: state || this.state.synced, reconnecting: state ? false : this.state.reconnecting });
        this.refresh();
      },
      // Called before the socket's own close handling (it registers this first), so a
      // disconnect() here keeps it from scheduling its reconnect.
      onClose: ({ event }) => this.onClose(event),
      onStateless: ({ payload }) => this.onNotice(payload),
    });
    // The socket notices a lost network only after its 30 s silence check; the browser
    // knows at once, and so should the save state.
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("online", this.onOnline);
  }

  /**
   * The server's state that fills the empty document on opening: Yjs would encode it again
   * at once for the "update" listeners (the copy on this device, the connection, the save
   * state), ~630 KB for a 100k-word document, in the same task as the editor's new text,
   * so before it can be painted. They get it (the whole state, with the server as its
   * origin, which the connection does not send back) once the frame with the text is drawn.
   */
  private readonly deferFirstFillUpdate = (tr: Y.Transaction) => {
    if (tr.origin !== this.provider) return;
    // Only the server's first state, and only when it fills an empty document.
    this.ydoc.off("afterTransactionCleanup", this.deferFirstFillUpdate);
    if (tr.beforeState.size > 0 || tr.afterState.size === 0) return;
    const observers = this.ydoc._observers;
    const listeners = observers.get("update");
    if (!listeners) return;
    // Yjs encodes right after this event, only while "update" has listeners; they are back
    // for whatever comes next (a change made by an observer of this one included).
    observers.delete("update");
    const restore = () => {
      this.ydoc.off("afterAllTransactions", restore);
      this.ydoc.off("beforeObserverCalls", restore);
      if (!observers.has("update")) observers.set("update", listeners);
      else for (const l of listeners) observers.get("update")!.add(l);
    };
    this.ydoc.on("afterAllTransactions", restore);
    this.ydoc.on("beforeObserverCalls", restore);
    let sent = false;
    const send = () => {
      if (sent || this.destroyed) return;
      sent = true;
      this.ydoc.emit("update", [Y.encodeStateAsUpdate(this.ydoc), this.provider, this.ydoc, tr]);
    };
    // A little after the next frame (not in the tasks right behind it, where the page may
    // still be finishing the frame's work); a hidden page draws none: half a second at most.
    requestAnimationFrame(() => setTimeout(send, 50));
    setTimeout(send, 500);
  };

  private readonly onOffline = () => this.provider.configuration.websocketProvider.disconnect();
  private readonly onOnline = () => {
    // A refused change waits for the writer, and a pause the server asked for is kept.
    if (!this.state.accessEnded && !this.state.refused && !this.reconnectTimer) void this.provider.configuration.websocketProvider.connect();
  };

  /**
   * Sends this editor's presence again with a new clock once a (re)connection is accepted: the
   * same state sent while the old socket was still closing on the server is ignored there as
   * already seen, and the others would not see this editor until it next moved its caret.
   */
  private announcePresence() {
    const awareness = this.provider?.awareness;
    const state = awareness?.getLocalState();
    if (awareness && state) awareness.setLocalState(state);
  }

  private onClose(event: SocketClose) {
    if (event === this.lastClose || this.destroyed || this.state.accessEnded) return;
    this.lastClose = event;
    const { code } = event;
    if (code === COLLAB_CLOSE.accessEnded) this.endAccess();
    else if (REFUSED_CODES.has(code)) this.refuse(code === CLOSE_MESSAGE_TOO_BIG ? COLLAB_CLOSE.messageTooLarge : code, event.reason ?? "");
    else if (PAUSE_CODES.has(code)) this.pause();
    // Any other close (a dropped network, access changed): the socket connects again by itself.
  }

  /**
   * Stops the socket's own reconnecting: the attempt this socket was is forgotten (so its
   * retry does not start another socket), and disconnect() keeps the socket's close
   * handling from scheduling a new connection.
   */
  private holdConnection() {
    const socket = this.provider.configuration.websocketProvider;
    socket.stopConnectionAttempt();
    socket.disconnect();
    this.clearReconnectTimer();
  }

  /** The server refused a change: everything stays on this device; nothing is sent until retry(). */
  private refuse(code: number, reason: string) {
    this.holdConnection();
    this.set({ refused: { code, reason }, reconnecting: false, connected: false });
    this.refresh();
  }

  /** Connects again after a pause that doubles with each close in a row (RECONNECT_MAX_PAUSE_MS at most). */
  private pause() {
    this.holdConnection();
    const wait = Math.min(RECONNECT_FIRST_PAUSE_MS * 2 ** this.pauses, RECONNECT_MAX_PAUSE_MS);
    this.pauses = Math.min(this.pauses + 1, 16);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (!this.destroyed && !this.state.accessEnded && !this.state.refused) void this.provider.configuration.websocketProvider.connect();
    }, wait);
    this.set({ reconnecting: true, connected: false });
    this.refresh();
  }

  private clearReconnectTimer() {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  /** A connection that stays up RECONNECT_STABLE_MS resets the pauses to the first one. */
  private watchStable(connected: boolean) {
    if (!connected) {
      if (this.stableTimer) clearTimeout(this.stableTimer);
      this.stableTimer = null;
      return;
    }
    this.stableTimer ??= setTimeout(() => {
      this.stableTimer = null;
      this.pauses = 0;
    }, RECONNECT_STABLE_MS);
  }

  /**
   * After a refused change, the writer tries again (having undone it, usually): the
   * connection opens and the sync sends what the server lacks. Deleted text no undo or redo
   * step needs any more is dropped first, so an undone change does not travel again (the
   * editor forgets its redo steps before this: retryRefused in use-live-document.ts).
   */
  retry(): void {
    if (this.destroyed || this.state.accessEnded || !this.state.refused) return;
    if (this.ydoc.gc) Y.tryGc(Y.createDeleteSetFromStructStore(this.ydoc.store), this.ydoc.store, this.ydoc.gcFilter);
    this.set({ refused: null });
    this.refresh();
    void this.provider.configuration.websocketProvider.connect();
  }

  /** Completes the session for the view that shows it (once; later calls change nothing). */
  adopt(opts: LiveDocumentOptions): this {
    if (this.adopted) return this;
    this.adopted = true;
    this.token = opts.token;
    this.keepaliveHeaders = opts.keepaliveHeaders;
    this.provider.setAwarenessField("user", opts.user);
    if (opts.persist === false) {
      this.set({ localLoaded: true });
      return this;
    }
    const persistence = new IndexeddbPersistence(`draftsmith:doc:${this.documentId}`, this.ydoc);
    this.persistence = persistence;
    void persistence.whenSynced.then(() => {
      if (this.persistence !== persistence) return; // destroyed meanwhile
      this.restoreBackup();
      markOpen("local-loaded");
      this.set({ localLoaded: true });
    });
    return this;
  }

  getState = (): LiveDocumentState => this.state;

  /** Called when the server says a comment thread of this document changed (the comments panel reads them again). */
  onCommentsChanged = (listener: (threadId: string) => void): (() => void) => {
    this.commentListeners.add(listener);
    return () => this.commentListeners.delete(listener);
  };

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Asks the server to store now rather than after the pause in typing (Ctrl+S). */
  requestStore(): void {
    const request: CollabRequest = { type: "store-now" };
    if (this.state.connected && !this.state.readOnly) this.provider.sendStateless(JSON.stringify(request));
  }

  /** Local changes exist that the server has not stored yet. */
  hasUnstoredChanges(): boolean {
    return this.dirty;
  }

  /**
   * The page is going away with changes the server has not stored. Two copies leave at
   * once: one written synchronously to localStorage (IndexedDB writes still in flight can
   * be cut off with the page), and one sent in a request the browser finishes after the
   * page is gone (the live connection may not get its last messages out).
   */
  flushForUnload(): void {
    if (!this.dirty || this.state.readOnly) return;
    const update = this.unstoredUpdate();
    const encoded = toBase64(update);
    if (this.persistence) {
      try {
        localStorage.setItem(this.backupKey, encoded);
      } catch {
        // Storage full or refused: IndexedDB and the request below still carry the change.
      }
    }
    const headers = this.keepaliveHeaders();
    if (!headers || update.byteLength > COLLAB_KEEPALIVE_MAX_BYTES) return;
    const body: CollabUpdateBody = { update: encoded };
    void fetch(`/api/documents/${this.documentId}/updates`, {
      method: "POST",
      keepalive: true,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }).catch(() => {});
  }

  /** Applies the copy a closing page left in localStorage; it goes once the server has stored it. */
  private restoreBackup() {
    let encoded: string | null = null;
    try {
      encoded = localStorage.getItem(this.backupKey);
    } catch {
      return;
    }
    if (!encoded) return;
    try {
      Y.applyUpdate(this.ydoc, fromBase64(encoded));
    } catch {
      localStorage.removeItem(this.backupKey);
    }
  }

  /**
   * What the server may lack: every change since its last store (or everything, when it
   * has not said what it stored). Sent with a keepalive request when the page goes away.
   */
  unstoredUpdate(): Uint8Array {
    return Y.encodeStateAsUpdate(this.ydoc, this.lastStored?.bytes);
  }

  destroy(): void {
    this.destroyed = true;
    this.clearReconnectTimer();
    this.watchStable(false);
    window.removeEventListener("offline", this.onOffline);
    window.removeEventListener("online", this.onOnline);
    this.provider.destroy();
    void this.persistence?.destroy();
    this.persistence = null;
    this.ydoc.destroy();
    this.listeners.clear();
    this.commentListeners.clear();
  }

  private onNotice(payload: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      return;
    }
    // Checked by hand, not with the zod schema: zod would add ~23 KB to the editor's first load.
    const notice = readCollabNotice(parsed);
    if (!notice) return;
    if (notice.type === "comments") {
      for (const l of [...this.commentListeners]) l(notice.threadId);
      return;
    }
    if (notice.type === "store-failed") {
      this.failed = true;
      this.refresh();
      return;
    }
    this.failed = false;
    const bytes = fromBase64(notice.stateVector);
    this.lastStored = { vector: Y.decodeStateVector(bytes), bytes };
    this.set({ version: notice.version, updatedAt: notice.updatedAt });
    this.refresh();
  }

  private endAccess() {
    this.clearReconnectTimer();
    this.set({ accessEnded: true, connected: false, reconnecting: false });
    this.provider.disconnect();
  }

  /** Every change this tab has is on the server and in its last store. */
  private everythingStored(): boolean {
    if (this.provider.hasUnsyncedChanges || !this.lastStored) return false;
    return covers(this.lastStored.vector, Y.decodeStateVector(Y.encodeStateVector(this.ydoc)));
  }

  private refresh() {
    // Re-checked on every change of state, not only when a notice arrives: the last notice
    // may have come while this tab's last change was still on its way. Once the server has
    // said what it stored, that decides — also for changes from the copy on this device.
    this.dirty = this.lastStored ? !this.everythingStored() : this.dirty || this.provider.hasUnsyncedChanges;
    // Only once the backup has been read back in (localLoaded), or it would go unread.
    if (!this.dirty && this.persistence && this.state.localLoaded) {
      try {
        localStorage.removeItem(this.backupKey);
      } catch {
        // Nothing kept there.
      }
    }
    const s = this.state;
    let status: LiveSaveStatus;
    if (s.refused) status = "refused";
    else if (s.reconnecting) status = "reconnecting";
    else if (!this.dirty) status = "saved";
    else if (!s.connected) status = "offline";
    else if (this.failed) status = "error";
    else status = "saving";
    this.set({ status });
  }

  private set(patch: Partial<LiveDocumentState>) {
    const next = { ...this.state, ...patch };
    if ((Object.keys(patch) as (keyof LiveDocumentState)[]).every((k) => next[k] === this.state[k])) return;
    this.state = next;
    for (const l of [...this.listeners]) l();
  }
}
