// The durable log of live changes (document_updates). An editor's change is written here
// before it is applied and acknowledged, so once its editor shows it as sent, a crash of the
// server cannot lose it: opening the document again applies the rows the last stored state
// does not hold. Changes that arrive for a document while a write is under way go into the
// next write together (group commit): one row and one round trip for however many editors
// typed meanwhile, and no timer adds latency when the database keeps up.
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
        if (!writing.has(documentId)) void drain(documentId);
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
    drop: (documentId) => void heldRows.delete(documentId),
  };
}

/** Deletes rows `ids` of document `documentId` (inside the transaction that stores the state holding them). */
export async function deleteHeldRows(tx: Pick<AppContext["db"], "delete">, documentId: string, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(documentUpdates).where(and(eq(documentUpdates.documentId, documentId), inArray(documentUpdates.id, ids)));
}
