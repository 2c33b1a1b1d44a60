// The durable log of live changes (document_updates). An editor's change is written here
// before it is applied and acknowledged, so once its editor shows it as sent, a crash of the
// server cannot lose it: opening the document again applies the rows the last stored state
// does not hold. Changes that arrive for a document while a write is under way go into the
// next write together (group commit): one row and one round trip for however many editors
// typed meanwhile. When the database keeps up, that alone gave a row to nearly every change
// of a busy document, so there a change also waits a few milliseconds for others to share
// its row (BUSY_WAIT_MS); a change to a document nobody else is changing is written at once.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import * as Y from "yjs";
import type { AppContext } from "../context.js";
import { documentUpdates, preparedPerDb } from "../db/index.js";

const toBytes = (value: Uint8Array) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/**
 * The log's write, built once per database: with few editors (or a quiet server) every
 * keystroke is a row of its own, and building the INSERT each time cost as much of the
 * server's thread as the rest of the change's way through it.
 */
const appendRow = preparedPerDb((db) =>
  db
    .insert(documentUpdates)
    .values({ documentId: sql.placeholder("documentId"), origin: sql.placeholder("origin"), update: sql.placeholder("update") })
    .returning({ id: documentUpdates.id })
    .prepare("collab_append_update"),
);

/**
 * How long a change to a busy document (another change arrived less than this before it)
 * waits for more to share its row. With 50 editors typing into one document on a quiet
 * server nearly every keystroke got a row, the one cost per keystroke above bare Hocuspocus
 * (a round trip to the embedded database, ~0.3 ms of its thread whatever the row holds).
 * The wait is far below what an editor can notice, and a change to a document changed less
 * often than this never waits, so one writer typing alone sees no delay.
 */
export const BUSY_WAIT_MS = 8;

interface Waiting {
  update: Uint8Array;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface UpdateLog {
  /** This instance's name on the rows it writes. */
  readonly origin: string;
  /**
   * Writes `update` for document `documentId`; resolves once it is durable. The caller applies
   * it to the live document right after, in the same run of microtasks, so that the row is
   * in the live state before anything stores that state (stores start from timers and requests).
   */
  append(documentId: string, update: Uint8Array): Promise<void>;
  /** The rows the live state of `documentId` is known to hold: read at opening, or written here. */
  held(documentId: string): number[];
  /** Rows still to apply when document `documentId` is opened, in order. */
  pending(documentId: string): Promise<{ id: number; update: Uint8Array }[]>;
  /** `ids` were in a state that has been stored: they need not be deleted again. */
  forget(documentId: string, ids: number[]): void;
  /** The document left memory: nothing more to track for it. */
  drop(documentId: string): void;
}

export function createUpdateLog(ctx: AppContext, origin: string): UpdateLog {
  const queues = new Map<string, Waiting[]>();
  const writing = new Set<string>();
  /** When the last change of each document arrived (performance.now()). */
  const lastArrival = new Map<string, number>();
  const heldRows = new Map<string, Set<number>>();

  const hold = (documentId: string, id: number) => {
    const rows = heldRows.get(documentId) ?? new Set<number>();
    heldRows.set(documentId, rows);
    rows.add(id);
  };

  async function drain(documentId: string) {
    writing.add(documentId);
    try {
      for (let batch = queues.get(documentId); batch?.length; batch = queues.get(documentId)) {
        queues.delete(documentId);
        try {
          const update = batch.length === 1 ? batch[0]!.update : Y.mergeUpdates(batch.map((w) => w.update));
          const [row] = await appendRow(ctx.db).execute({ documentId, origin, update: toBytes(update) });
          if (row) hold(documentId, row.id);
          for (const waiting of batch) waiting.resolve();
        } catch (err) {
          for (const waiting of batch) waiting.reject(err);
        }
      }
    } finally {
      writing.delete(documentId);
    }
  }

  return {
    origin,
    append(documentId, update) {
      return new Promise<void>((resolve, reject) => {
        const queue = queues.get(documentId);
        if (queue) queue.push({ update, resolve, reject });
        else queues.set(documentId, [{ update, resolve, reject }]);
        const now = performance.now();
        const previous = lastArrival.get(documentId);
        lastArrival.set(documentId, now);
        if (writing.has(documentId)) return;
        if (previous === undefined || now - previous >= BUSY_WAIT_MS) return void drain(documentId);
        // Marked as writing meanwhile, so that the changes arriving in the wait join this one.
        writing.add(documentId);
        setTimeout(() => void drain(documentId), BUSY_WAIT_MS);
      });
    },
    held: (documentId) => [...(heldRows.get(documentId) ?? [])],
    async pending(documentId) {
      const rows = await ctx.db
        .select({ id: documentUpdates.id, update: documentUpdates.update })
        .from(documentUpdates)
        .where(eq(documentUpdates.documentId, documentId))
        .orderBy(asc(documentUpdates.id));
      for (const row of rows) hold(documentId, row.id);
      return rows.map((row) => ({ id: row.id, update: new Uint8Array(row.update) }));
    },
    forget(documentId, ids) {
      const rows = heldRows.get(documentId);
      if (!rows) return;
      for (const id of ids) rows.delete(id);
    },
    drop(documentId) {
      heldRows.delete(documentId);
      lastArrival.delete(documentId);
    },
  };
}

/** Deletes rows `ids` of document `documentId` (inside the transaction that stores the state holding them). */
export async function deleteHeldRows(tx: Pick<AppContext["db"], "delete">, documentId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(documentUpdates).where(and(eq(documentUpdates.documentId, documentId), inArray(documentUpdates.id, ids)));
}
