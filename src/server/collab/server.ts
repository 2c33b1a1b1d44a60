// The live co-editing server: one Hocuspocus instance in the app's process, on the app's
// port (/collab). It loads a document's Yjs state from the database (converting older
// documents once) and applies the update log on top, checks every editor's change at the
// door (ingress.ts) and writes it to the log before it is applied and acknowledged
// (update-log.ts), and stores the state with the JSON derived from it — 2 s after the last
// change, at least every 10 s while people type. A store that fails is retried and the
// editors are told; nothing acknowledged is lost meanwhile, the log holds it. With
// REDIS_URL, instances share sessions through Redis (shared-sessions.ts).
import { randomUUID } from "node:crypto";
import { type Document, Hocuspocus, type onStoreDocumentPayload } from "@hocuspocus/server";
import * as Y from "yjs";
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_WAIT_MS, DOCUMENT_MAX_BYTES } from "../../shared/limits.js";
import { COLLAB_CLOSE, type CollabNotice, collabRequest } from "../../shared/contracts/collab.js";
import type { AppContext, LiveChange } from "../context.js";
import { COMMENTS_CHANNEL, REVOCATION_CHANNEL, isCommentsChange, isRevocation, type Revocation } from "../realtime/index.js";
import type { VersionAuthor } from "../../shared/contracts/versions.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { authorOf, snapshotIfChanged, snapshotIfDue } from "../versions/index.js";
import { type CollabGrant, CollabDenied, grantFor, revocationOutcome } from "./access.js";
import { keepPresenceHonest } from "./presence.js";
import { type ConnectionGate, MessageWindow, createConnectionLimits } from "./connection-limits.js";
import { holds, reviewCommentOnly } from "./comment-only.js";
import { type Refusal, reviewChange, tooLarge } from "./ingress.js";
import { readCollabMessage } from "./message.js";
import { loadState, stateAtVersion, storeState, storedVersion } from "./state-store.js";
import { createUpdateLog } from "./update-log.js";
import { changeFrom, contentOf, setContent, titleOf } from "./ydoc.js";

/** Limits per connection: a typist sends a few updates a second; a pasted document up to the size limit fits in one message. */
export const COLLAB_LIMITS = {
  /** A whole document's worth of change, with room for the update's own encoding. */
  maxMessageBytes: DOCUMENT_MAX_BYTES + 1024 * 1024,
  // Typing sends an update and a caret move per key, and pasted or generated input (or a
  // test driver) can send hundreds in a burst; a flood is closed by count or by bytes.
  maxMessagesPerSecond: 2000,
  maxBytesPerSecond: 8 * 1024 * 1024,
  /** Retry delays after a failed store, then every last one until it succeeds. */
  retryDelaysMs: [500, 2000, 5000, 15_000],
};

/** How long a live state loaded ahead of its editor (Collab.prepare) waits for them before it is let go. */
export const PREPARED_WAIT_MS = 30_000;

interface ConnectionState {
  grant: CollabGrant;
  gate?: ConnectionGate;
  window: MessageWindow;
}

/** A change the server refuses: the connection is closed with the refusal's code, the change is not applied. */
class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.reason);
  }
  get code() {
    return this.refusal.code;
  }
  get reason() {
    return this.refusal.reason;
  }
}

/** What a REST change to a live document came to. */
export type LiveChangeOutcome = "applied" | "changed";

export interface Collab {
  hocuspocus: Hocuspocus;
  /**
   * Applies a title or content saved through the REST API to the live document as the change
   * from `baseVersion`, the version the writer read, so it merges with what editors typed
   * since instead of replacing it; then stores. "changed" when the document has moved past
   * that version (the writer gets a 409). Throws when the store fails.
   */
  applyChange(documentId: string, change: LiveChange, baseVersion: number): Promise<LiveChangeOutcome>;
  /** Makes the live document hold exactly this (a restore), for everyone in it; stores at once. */
  replaceContent(documentId: string, change: LiveChange): Promise<void>;
  /** What the live document holds now, unstored changes included (null when it is gone). */
  liveContent(documentId: string): Promise<{ content: DocNode; title: string } | null>;
  /**
   * Applies an editor's Yjs update that arrived outside its live connection, after the same
   * checks as a live change and once it is in the update log. Returns the refusal, if any.
   */
  /** `commentOnly`: the change is a commenter's (`userId`), held to comment marks and their own suggestions. */
  applyUpdate(documentId: string, update: Uint8Array, opts?: { commentOnly?: boolean; userId?: string | null }): Promise<Refusal | null>;
  /**
   * Starts loading document `documentId`'s live state for an editor who is about to join (their
   * access checked by the caller), so it loads while their connection opens and authenticates.
   * Let go after PREPARED_WAIT_MS if nobody came. Never throws.
   */
  prepare(documentId: string): void;
  /** Gives a new live connection from `address` its place (or closes it: too many from there). */
  admit: ReturnType<typeof createConnectionLimits>["admit"];
  /** Stores every open document and ends the sessions; reports the documents it could not store. */
  close(): Promise<{ unstored: string[] }>;
}

export async function createCollab(ctx: AppContext): Promise<Collab> {
  const log = createUpdateLog(ctx, randomUUID());
  const limits = createConnectionLimits();
  const multiInstance = !!ctx.config.REDIS_URL;
  const extensions = multiInstance ? [(await import("./shared-sessions.js")).sharedSessions(ctx.config.REDIS_URL as string)] : [];
  const failures = new Map<string, number>();
  /** Upper bound of each open document's stored JSON size: measured at each store, grown by each accepted change. */
  const sizes = new Map<string, number>();
  /** The last store of each open document, told to every editor that connects. */
  const lastStored = new Map<string, CollabNotice>();
  const retryTimers = new Map<string, NodeJS.Timeout>();
  /** Who changed each open document since its last snapshot (version history's authors). */
  const contributors = new Map<string, Map<string, VersionAuthor>>();
  const authorsOf = (name: string) => [...(contributors.get(name)?.values() ?? [])];
  let closing = false;
  // Set once close() has stored every open document: the stores Hocuspocus still schedules
  // afterwards (debounced changes, the unload as the connections close) would find the
  // database closed. What they would store is in the update log, applied at the next open.
  let closed = false;
  /** Timers that let go of live states loaded ahead of their editors (prepare) if nobody came. */
  const preparedTimers = new Set<NodeJS.Timeout>();
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

  /** Stores `document` now; throws when it cannot. */
  async function storeOnce(document: Document, documentName: string) {
    const heldRows = log.held(documentName);
    const saved = await storeState(ctx, documentName, document, { heldRows, mergeStored: multiInstance });
    log.forget(documentName, heldRows);
    failures.delete(documentName);
    if (!saved) return;
    sizes.set(documentName, saved.jsonBytes);
    const notice: CollabNotice = { type: "stored", version: saved.record.version, updatedAt: saved.record.updated_at, stateVector: saved.stateVector };
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
  }

  /** A store from the debouncer or a retry: a failure is retried later and the editors are told. */
  async function store({ document, documentName }: Pick<onStoreDocumentPayload, "document" | "documentName">): Promise<boolean> {
    try {
      await storeOnce(document, documentName);
      return true;
    } catch (err) {
      const attempt = failures.get(documentName) ?? 0;
      failures.set(documentName, attempt + 1);
      const delays = COLLAB_LIMITS.retryDelaysMs;
      const retryInMs = delays[Math.min(attempt, delays.length - 1)] ?? 15_000;
      console.error(`collab: storing ${documentName} failed (attempt ${attempt + 1}), retrying in ${retryInMs} ms`, err);
      notify(document, { type: "store-failed", retryInMs });
      clearTimeout(retryTimers.get(documentName));
      if (!closing) {
        retryTimers.set(
          documentName,
          setTimeout(() => {
            retryTimers.delete(documentName);
            if (hocuspocus.documents.get(documentName) === document) void store({ document, documentName });
          }, retryInMs),
        );
      }
      return false;
    }
  }

  /** Stores a change the server itself made (a REST save, a restore) before answering; throws when it cannot. */
  async function storeForRequest(document: Document) {
    try {
      await document.saveMutex.runExclusive(() => storeOnce(document, document.name));
    } catch (err) {
      // The change is in the live document: the usual retries store it; the request is answered with the error.
      void store({ document, documentName: document.name });
      throw err;
    }
  }

  /**
   * Checks a change against the schema and the size limit; returns the refusal or the bytes
   * the change may add. Near the limit the estimate is replaced by a measurement first.
   */
  function review(document: Y.Doc, documentName: string, update: Uint8Array): Refusal | number {
    const { refusal, growth } = reviewChange(document, update);
    if (refusal) return refusal;
    if (growth === 0) return 0;
    if ((sizes.get(documentName) ?? 0) + growth > DOCUMENT_MAX_BYTES) {
      sizes.set(documentName, Buffer.byteLength(JSON.stringify(contentOf(document))));
      if ((sizes.get(documentName) ?? 0) + growth > DOCUMENT_MAX_BYTES) return tooLarge(DOCUMENT_MAX_BYTES);
    }
    return growth;
  }

  /**
   * Commenters' changes let in but maybe not applied yet, per document. Messages are not
   * queued: a change is applied once it is logged, and the sender's next keystroke is often
   * checked meanwhile, so it is read on top of these (comment-only.ts). Each goes from the list
   * once the document holds it.
   */
  const commentsAhead = new Map<string, Uint8Array[]>();

  /** Checks `update` (from a commenter, `commenter` their user id: only comment marks and their own suggestions), writes it to the log; the caller applies it right after. */
  async function admitChange(document: Y.Doc, documentName: string, update: Uint8Array, commentOnly = false, commenter: string | null = null): Promise<Refusal | null> {
    const ahead = commentOnly ? (commentsAhead.get(documentName) ?? []).filter((earlier) => !holds(document, earlier)) : [];
    if (commentOnly) {
      commentsAhead.set(documentName, ahead);
      const refusal = reviewCommentOnly(document, update, commenter, ahead);
      if (refusal) return refusal;
    }
    const verdict = review(document, documentName, update);
    if (typeof verdict !== "number") return verdict;
    if (commentOnly) ahead.push(update);
    try {
      await log.append(documentName, update);
    } catch (err) {
      // Not applied (the caller closes the connection): nothing may be read on top of it.
      const list = commentsAhead.get(documentName);
      const at = list?.indexOf(update) ?? -1;
      if (at >= 0) list!.splice(at, 1);
      throw err;
    }
    sizes.set(documentName, (sizes.get(documentName) ?? 0) + verdict);
    return null;
  }

  const closeWith = (webSocket: { close(code: number, reason: string): void }, code: number, reason: string) => {
    try {
      webSocket.close(code, reason);
    } catch {
      // Already closing.
    }
  };

  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: AUTOSAVE_DELAY_MS,
    maxDebounce: AUTOSAVE_MAX_WAIT_MS,
    // Deleted content is collected; version history keeps its own snapshots.
    yDocOptions: { gc: true, gcFilter: () => true },
    extensions,

    async onAuthenticate({ token, documentName, connectionConfig, context }) {
      const grant = await grantFor(ctx, documentName, token);
      const gate = (context as { gate?: ConnectionGate }).gate;
      gate?.signedIn(grant.user?.id ?? null);
      connectionConfig.readOnly = grant.readOnly;
      const state: ConnectionState = { grant, gate, window: new MessageWindow() };
      return state;
    },

    async beforeHandleMessage({ update: message, context, connection, document, documentName }) {
      const state = context as ConnectionState | undefined;
      const refuse = (refusal: Refusal): never => {
        // Nothing more from this socket is read (messages already read are refused in turn).
        connection.webSocket.removeAllListeners("message");
        closeWith(connection.webSocket, refusal.code, refusal.reason);
        throw new Refused(refusal);
      };
      if (message.byteLength > COLLAB_LIMITS.maxMessageBytes) refuse(tooLarge(DOCUMENT_MAX_BYTES));
      if (state?.window && !state.window.admit(message.byteLength, COLLAB_LIMITS.maxMessagesPerSecond, COLLAB_LIMITS.maxBytesPerSecond)) {
        refuse({ code: COLLAB_CLOSE.tooManyMessages, reason: "Too many messages" });
      }
      const read = readCollabMessage(message);
      // Only the server speaks to every editor: an editor's broadcast could pose as its notices.
      if (read.kind === "broadcast") refuse({ code: COLLAB_CLOSE.notAllowed, reason: "Broadcasts are the server's" });
      if (read.kind === "malformed") refuse({ code: COLLAB_CLOSE.changeRefused, reason: "The message could not be read." });
      // A read-only connection's changes are not applied (the library answers that they were not).
      if (read.kind !== "change" || connection.readOnly) return;
      let refusal: Refusal | null;
      try {
        refusal = await admitChange(document, documentName, read.update, state?.grant.commentOnly ?? false, state?.grant.user?.id ?? null);
      } catch (err) {
        // Not durable, so not applied: the editor keeps the change and sends it again on reconnecting.
        console.error(`collab: writing a change to ${documentName} failed`, err);
        closeWith(connection.webSocket, 1013, "Try again later");
        throw err;
      }
      if (refusal) refuse(refusal);
    },

    async onLoadDocument({ document, documentName }) {
      // Loaded straight into the live document (state-store.ts).
      const state = await loadState(ctx, documentName, document);
      if (!state) throw new CollabDenied();
      // Asked together: each waits its turn on the database (on a first open behind the
      // page's other reads), and the editor's state waits for both.
      const [rows, stored] = await Promise.all([log.pending(documentName), storedVersion(ctx, documentName)]);
      for (const row of rows) {
        try {
          Y.applyUpdate(document, row.update);
        } catch (err) {
          console.error(`collab: row ${row.id} of ${documentName}'s update log could not be applied`, err);
        }
      }
      sizes.set(documentName, state.byteLength);
      if (stored) {
        const stateVector = Buffer.from(Y.encodeStateVector(document)).toString("base64");
        lastStored.set(documentName, { type: "stored", ...stored, stateVector });
      }
      // Nothing returned: Hocuspocus applies a returned document to the live one, which here
      // is the same document (its whole state encoded and decoded again, ~40 ms of CPU for
      // a 100k-word document).
    },

    async afterLoadDocument({ document }) {
      keepPresenceHonest(document);
    },

    // A (re)connecting editor learns at once what is stored, so it can tell whether its own
    // changes — perhaps sent just before a dropped connection — are in.
    async connected({ documentName, connection }) {
      const notice = lastStored.get(documentName);
      if (notice) connection.sendStateless(JSON.stringify(notice));
    },

    async afterUnloadDocument({ documentName }) {
      lastStored.delete(documentName);
      sizes.delete(documentName);
      commentsAhead.delete(documentName);
      log.drop(documentName);
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
      if (closed) return;
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
      if (failures.has(documentName) && !closed) throw new Error("not stored yet");
    },
  });

  /** Closes the connections a revocation ends (every instance receives it over the realtime bus). */
  async function revoke(revocation: Revocation) {
    for (const document of hocuspocus.documents.values()) {
      if ((revocation.type === "share" || revocation.type === "member") && document.name !== revocation.documentId) continue;
      for (const connection of document.getConnections()) {
        const grant = (connection.context as ConnectionState | undefined)?.grant;
        if (!grant) continue;
        const outcome = await revocationOutcome(ctx, grant, revocation);
        if (outcome === "ended") connection.webSocket.close(COLLAB_CLOSE.accessEnded, "Access ended");
        if (outcome === "changed") connection.webSocket.close(COLLAB_CLOSE.accessChanged, "Access changed");
      }
    }
  }
  const offRevocations = ctx.realtime.subscribe(REVOCATION_CHANNEL, (event) => {
    if (isRevocation(event.record)) void revoke(event.record);
  });
  // A thread or comment written (comments/): everyone in the document reads the threads again
  // through the API under their own access; the notice itself carries no comment text.
  const offComments = ctx.realtime.subscribe(COMMENTS_CHANNEL, (event) => {
    if (!isCommentsChange(event.record)) return;
    const document = hocuspocus.documents.get(event.record.documentId);
    if (document) notify(document, { type: "comments", threadId: event.record.threadId });
  });

  /** Runs `act` on the live document `documentId` (loading it if no one has it open). */
  async function withDocument<T>(documentId: string, act: (document: Document) => Promise<T>): Promise<T> {
    const connection = await hocuspocus.openDirectConnection(documentId, {});
    try {
      if (!connection.document) throw new Error(`document ${documentId} is not open`);
      return await act(connection.document);
    } finally {
      await connection.disconnect();
    }
  }

  /** Lets go of a document loaded ahead of its editor once it is clear that nobody came. */
  function letGoUnlessJoined(document: Document) {
    const timer = setTimeout(() => {
      preparedTimers.delete(timer);
      if (hocuspocus.documents.get(document.name) === document && document.getConnectionsCount() === 0) void hocuspocus.unloadDocument(document);
    }, PREPARED_WAIT_MS);
    preparedTimers.add(timer);
  }

  return {
    hocuspocus,
    admit: limits.admit,
    prepare(documentId) {
      if (closing || hocuspocus.documents.has(documentId) || hocuspocus.loadingDocuments.has(documentId)) return;
      // The same load a connection starts (onLoadDocument); the connection that comes next finds
      // it under way or done. A failure is the connection's to meet and report: it loads again.
      hocuspocus.createDocument(documentId, {}, randomUUID(), { isAuthenticated: true, readOnly: false }, {}).then(letGoUnlessJoined, () => {});
    },
    async applyChange(documentId, change, baseVersion) {
      const base = await stateAtVersion(ctx, documentId, baseVersion);
      if (base === "changed") return "changed";
      if (!base) return "changed";
      return withDocument(documentId, async (document) => {
        // The base first: an instance whose copy lacks part of it (another instance stored it)
        // gets it, so the change lands on exactly what the writer read.
        document.transact(() => {
          Y.applyUpdate(document, base);
          Y.applyUpdate(document, changeFrom(base, change));
        });
        await storeForRequest(document);
        return "applied" as const;
      });
    },
    async replaceContent(documentId, change) {
      await withDocument(documentId, async (document) => {
        setContent(document, change);
        await storeForRequest(document);
      });
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
    async applyUpdate(documentId, update, opts) {
      return withDocument(documentId, async (document) => {
        const refusal = await admitChange(document, documentId, update, opts?.commentOnly ?? false, opts?.userId ?? null);
        if (refusal) return refusal;
        Y.applyUpdate(document, update);
        await storeForRequest(document);
        return null;
      });
    },
    async close() {
      closing = true;
      offRevocations();
      offComments();
      for (const timer of retryTimers.values()) clearTimeout(timer);
      for (const timer of preparedTimers) clearTimeout(timer);
      // Store what is still in memory before the process goes, and end each session's history.
      const open = [...hocuspocus.documents.values()];
      const stored = await Promise.all(open.map((document) => store({ document, documentName: document.name })));
      const unstored = open.filter((_, i) => !stored[i]).map((document) => document.name);
      if (unstored.length) {
        console.error(
          `collab: ${unstored.length} document(s) could not be stored at shutdown (${unstored.join(", ")}); their acknowledged changes are in the update log and are applied when each is opened again`,
        );
      }
      await Promise.all(open.map((document) => endSession(document.name)));
      await Promise.all(sessionsEnding);
      closed = true;
      hocuspocus.closeConnections();
      return { unstored };
    },
  };
}
