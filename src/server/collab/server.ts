// The live co-editing server: one Hocuspocus instance in the app's process, on the app's
// port (/collab). It loads a document's Yjs state from the database (converting older
// documents once), merges every editor's changes, and stores the state with the JSON
// derived from it — 2 s after the last change, at least every 10 s while people type.
// A store that fails is retried and the editors are told; the document stays in memory
// until it is stored. With REDIS_URL, instances share sessions through Redis.
import { Hocuspocus, type onStoreDocumentPayload } from "@hocuspocus/server";
import { Redis as RedisExtension } from "@hocuspocus/extension-redis";
import IORedis from "ioredis";
import type { Socket } from "node:net";
import type { WebSocket } from "ws";
import * as Y from "yjs";
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS } from "../../shared/limits.js";
import { COLLAB_CLOSE, type CollabNotice, collabRequest } from "../../shared/contracts/collab.js";
import type { AppContext, LiveChange } from "../context.js";
import { REVOCATION_CHANNEL, isRevocation, type Revocation } from "../realtime/index.js";
import type { VersionAuthor } from "../../shared/contracts/versions.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { authorOf, snapshotIfChanged, snapshotIfDue } from "../versions/index.js";
import { type CollabGrant, CollabDenied, grantFor, recheckGrant } from "./access.js";
import { loadState, storeState, storedVersion } from "./state-store.js";
import { changeFrom, contentOf, setContent, titleOf } from "./ydoc.js";

/** Limits per connection: a typist sends a few updates a second; a whole pasted chapter fits in one message. */
export const COLLAB_LIMITS = {
  maxMessageBytes: 2 * 1024 * 1024,
  // Typing sends an update and a caret move per key, and pasted or generated input (or a
  // test driver) can send hundreds in a burst; a flood is closed by count or by bytes.
  maxMessagesPerSecond: 2000,
  maxBytesPerSecond: 8 * 1024 * 1024,
  /** Retry delays after a failed store, then every last one until it succeeds. */
  retryDelaysMs: [500, 2000, 5000, 15_000],
};

interface ConnectionState {
  grant: CollabGrant;
  windowStart: number;
  windowCount: number;
  windowBytes: number;
}

class TooManyMessages extends Error {
  readonly code = COLLAB_CLOSE.tooManyMessages;
  readonly reason = "Too many messages";
}

class MessageTooLarge extends Error {
  readonly code = COLLAB_CLOSE.messageTooLarge;
  readonly reason = "Message too large";
}

/** Sockets whose writes wait for the end of this turn of the event loop, to go out in one write each. */
let corked = new Set<Socket>();
function flushCorked() {
  // Taken first, so that a socket that fails to flush cannot keep the others (or later turns) waiting.
  const sockets = corked;
  corked = new Set();
  for (const socket of sockets) {
    try {
      socket.uncork();
    } catch (err) {
      socket.destroy(err as Error);
    }
  }
}

/**
 * Sends what a connection is sent in one turn of the event loop with one write to the
 * operating system instead of one per message. Each keystroke goes to every editor of the
 * document (and its acknowledgement back to the typist); with 50 editors typing, those
 * writes were most of the server's time, and the more messages queue up while the server
 * is busy, the more go out together. The messages stay separate frames, in order, and leave
 * before the event loop waits for the network again, so none is held longer than its turn.
 */
export function coalesceWrites(webSocket: WebSocket): void {
  const send = webSocket.send.bind(webSocket) as (...args: unknown[]) => void;
  (webSocket as unknown as { send: (...args: unknown[]) => void }).send = (...args) => {
    // ws keeps its network socket here; without one (not yet or no longer open) it writes nothing anyway.
    const socket = (webSocket as unknown as { _socket?: Socket | null })._socket;
    if (socket && !socket.destroyed && !corked.has(socket)) {
      if (corked.size === 0) setImmediate(flushCorked);
      socket.cork();
      corked.add(socket);
    }
    send(...args);
  };
}

export interface Collab {
  hocuspocus: Hocuspocus;
  /**
   * Applies a title or content saved through the REST API to the live document as a change from what
   * was stored, so it merges with editors' unsaved work instead of replacing it, then stores.
   */
  applyChange(documentId: string, change: LiveChange): Promise<void>;
  /** Makes the live document hold exactly this (a restore), for everyone in it; stores at once. */
  replaceContent(documentId: string, change: LiveChange): Promise<void>;
  /** What the live document holds now, unstored changes included (null when it is gone). */
  liveContent(documentId: string): Promise<{ content: DocNode; title: string } | null>;
  /** Applies an editor's Yjs update that arrived outside its live connection, then stores. */
  applyUpdate(documentId: string, update: Uint8Array): Promise<void>;
  close(): Promise<void>;
}

export function createCollab(ctx: AppContext): Collab {
  const failures = new Map<string, number>();
  /** The last store of each open document, told to every editor that connects. */
  const lastStored = new Map<string, CollabNotice>();
  const retryTimers = new Map<string, NodeJS.Timeout>();
  /** Who changed each open document since its last snapshot (version history's authors). */
  const contributors = new Map<string, Map<string, VersionAuthor>>();
  const authorsOf = (name: string) => [...(contributors.get(name)?.values() ?? [])];
  let closing = false;
  const sessionsEnding = new Set<Promise<void>>();
  /** A snapshot of the session's result if the document changed since the last one. */
  async function endSession(documentName: string) {
    const authors = authorsOf(documentName);
    contributors.delete(documentName);
    const ending = snapshotIfChanged(ctx, documentName, authors).then(
      () => {},
      (err: unknown) => console.error(`collab: snapshot of ${documentName} failed`, err),
    );
    sessionsEnding.add(ending);
    await ending;
    sessionsEnding.delete(ending);
  }

  const notify = (document: { broadcastStateless(payload: string): void }, notice: CollabNotice) =>
    document.broadcastStateless(JSON.stringify(notice));

  async function store({ document, documentName }: Pick<onStoreDocumentPayload, "document" | "documentName">) {
    try {
      // Taken in the same tick as the state storeState encodes (no await in between).
      const stateVector = Buffer.from(Y.encodeStateVector(document)).toString("base64");
      const saved = await storeState(ctx, documentName, document, contentOf(document));
      failures.delete(documentName);
      if (!saved) return;
      const notice: CollabNotice = { type: "stored", version: saved.record.version, updatedAt: saved.record.updated_at, stateVector };
      lastStored.set(documentName, notice);
      notify(document, notice);
      if (saved.contentChanged) {
        ctx.realtime.publish({ channel: `document:${documentName}`, record: saved.record }).catch(() => {});
        // A snapshot for the history at most every few minutes of editing; never fails the store.
        const taken = await snapshotIfDue(ctx, documentName, authorsOf(documentName)).catch((err: unknown) => {
          console.error(`collab: snapshot of ${documentName} failed`, err);
          return false;
        });
        if (taken) contributors.delete(documentName);
      }
    } catch (err) {
      const attempt = failures.get(documentName) ?? 0;
      failures.set(documentName, attempt + 1);
      const delays = COLLAB_LIMITS.retryDelaysMs;
      const retryInMs = delays[Math.min(attempt, delays.length - 1)] ?? 15_000;
      console.error(`collab: storing ${documentName} failed (attempt ${attempt + 1}), retrying in ${retryInMs} ms`, err);
      notify(document, { type: "store-failed", retryInMs });
      clearTimeout(retryTimers.get(documentName));
      retryTimers.set(
        documentName,
        setTimeout(() => {
          retryTimers.delete(documentName);
          if (hocuspocus.documents.get(documentName) === document) void store({ document, documentName });
        }, retryInMs),
      );
    }
  }

  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: AUTOSAVE_DELAY_MS,
    maxDebounce: AUTOSAVE_MAX_WAIT_MS,
    // Deleted content is collected; version history keeps its own snapshots.
    yDocOptions: { gc: true, gcFilter: () => true },
    extensions: ctx.config.REDIS_URL
      ? [new RedisExtension({ createClient: () => new IORedis(ctx.config.REDIS_URL as string, { maxRetriesPerRequest: null }), prefix: "draftsmith:collab" })]
      : [],

    async onAuthenticate({ token, documentName, connectionConfig }) {
      const grant = await grantFor(ctx, documentName, token);
      connectionConfig.readOnly = grant.readOnly;
      const state: ConnectionState = { grant, windowStart: 0, windowCount: 0, windowBytes: 0 };
      return state;
    },

    async beforeHandleMessage({ update, context }) {
      if (update.byteLength > COLLAB_LIMITS.maxMessageBytes) throw new MessageTooLarge();
      const state = context as ConnectionState | undefined;
      if (!state?.grant) return;
      const now = Date.now();
      if (now - state.windowStart >= 1000) {
        state.windowStart = now;
        state.windowCount = 0;
        state.windowBytes = 0;
      }
      state.windowBytes += update.byteLength;
      if (++state.windowCount > COLLAB_LIMITS.maxMessagesPerSecond || state.windowBytes > COLLAB_LIMITS.maxBytesPerSecond) {
        throw new TooManyMessages();
      }
    },

    async onLoadDocument({ document, documentName }) {
      const state = await loadState(ctx, documentName);
      if (!state) throw new CollabDenied();
      Y.applyUpdate(document, state);
      const stored = await storedVersion(ctx, documentName);
      if (stored) {
        const stateVector = Buffer.from(Y.encodeStateVector(document)).toString("base64");
        lastStored.set(documentName, { type: "stored", ...stored, stateVector });
      }
      return document;
    },

    // A (re)connecting editor learns at once what is stored, so it can tell whether its own
    // changes — perhaps sent just before a dropped connection — are in.
    async connected({ documentName, connection }) {
      const notice = lastStored.get(documentName);
      if (notice) connection.sendStateless(JSON.stringify(notice));
    },

    async afterUnloadDocument({ documentName }) {
      lastStored.delete(documentName);
      // The editing session ended (the last editor left and the state is stored): keep its
      // result. At shutdown close() has done it already, before the database closes.
      if (!closing) await endSession(documentName);
    },

    async onChange({ documentName, context }) {
      const grant = (context as ConnectionState | undefined)?.grant;
      if (!grant) return; // a change made by the server itself (a REST save, a restore)
      const author = grant.user ? authorOf(grant.user) : { id: null, name: "Guest" };
      const authors = contributors.get(documentName) ?? new Map<string, VersionAuthor>();
      authors.set(author.id ?? "guest", author);
      contributors.set(documentName, authors);
    },

    async onStoreDocument(payload) {
      await store(payload);
    },

    async onStateless({ payload, document, connection }) {
      let request: unknown;
      try {
        request = JSON.parse(payload);
      } catch {
        return;
      }
      // Only writers may ask; the store goes through the same debouncer, so it never runs twice at once.
      if (!collabRequest.safeParse(request).success || connection.readOnly) return;
      await hocuspocus.storeDocumentHooks(
        document,
        { clientsCount: document.getConnectionsCount(), context: connection.context, document, documentName: document.name, instance: hocuspocus, requestHeaders: {}, requestParameters: new URLSearchParams(), socketId: "store-now" },
        true,
      );
    },

    async beforeUnloadDocument({ documentName }) {
      // Unstored changes keep the document in memory until a retry stores them.
      if (failures.has(documentName)) throw new Error("not stored yet");
    },
  });

  /** Closes the connections a revocation ends (every instance receives it over the realtime bus). */
  async function revoke(revocation: Revocation) {
    for (const document of hocuspocus.documents.values()) {
      if ((revocation.type === "share" || revocation.type === "member") && document.name !== revocation.documentId) continue;
      for (const connection of document.getConnections()) {
        const grant = (connection.context as ConnectionState | undefined)?.grant;
        if (!grant) continue;
        const outcome =
          revocation.type === "session"
            ? grant.user?.sessionId === revocation.sessionId
              ? "ended"
              : "holds"
            : revocation.type === "user"
              ? grant.user?.id === revocation.userId && grant.user.sessionId !== revocation.exceptSessionId
                ? "ended"
                : "holds"
              : await recheckGrant(ctx, grant);
        if (outcome === "ended") connection.webSocket.close(COLLAB_CLOSE.accessEnded, "Access ended");
        if (outcome === "changed") connection.webSocket.close(COLLAB_CLOSE.accessChanged, "Access changed");
      }
    }
  }
  const offRevocations = ctx.realtime.subscribe(REVOCATION_CHANNEL, (event) => {
    if (isRevocation(event.record)) void revoke(event.record);
  });

  return {
    hocuspocus,
    async applyChange(documentId, change) {
      const base = await loadState(ctx, documentId);
      if (!base) return;
      const connection = await hocuspocus.openDirectConnection(documentId, {});
      try {
        // transact stores at once (with the Redis extension, it reaches the other instances too).
        await connection.transact((doc) => Y.applyUpdate(doc, changeFrom(base, change)));
      } finally {
        await connection.disconnect();
      }
    },
    async replaceContent(documentId, change) {
      const connection = await hocuspocus.openDirectConnection(documentId, {});
      try {
        await connection.transact((doc) => setContent(doc, change));
      } finally {
        await connection.disconnect();
      }
    },
    async liveContent(documentId) {
      const connection = await hocuspocus.openDirectConnection(documentId, {}).catch(() => null);
      if (!connection?.document) return null;
      try {
        return { content: contentOf(connection.document), title: titleOf(connection.document) };
      } finally {
        await connection.disconnect();
      }
    },
    async applyUpdate(documentId, update) {
      const connection = await hocuspocus.openDirectConnection(documentId, {});
      try {
        await connection.transact((doc) => Y.applyUpdate(doc, update));
      } finally {
        await connection.disconnect();
      }
    },
    async close() {
      offRevocations();
      for (const timer of retryTimers.values()) clearTimeout(timer);
      // Store what is still in memory before the process goes, and end each session's history.
      const open = [...hocuspocus.documents.values()];
      await Promise.all(open.map((document) => store({ document, documentName: document.name })));
      await Promise.all(open.map((document) => endSession(document.name)));
      closing = true;
      await Promise.all(sessionsEnding);
      hocuspocus.closeConnections();
    },
  };
}
