// PGlite in its own thread (pglite-worker.mjs), seen from the server's thread through the
// part of PGlite's interface that Drizzle and our SQL runner use: query, exec, transaction
// and listen. Statements then run while the server's thread parses, validates and answers
// other requests, instead of in turn with them.
import { Worker } from "node:worker_threads";
import { errorFrom, WorkerCalls } from "../threads/index.js";
import { lockDataDir } from "./lock.js";

export interface RemoteResults<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

interface QueryOptions {
  rowMode?: "object" | "array";
  /** Drizzle passes identity parsers for the types it wants as text; only their OIDs travel. */
  parsers?: Record<number, unknown>;
}

export interface RemoteQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults<T>>;
  exec(sql: string): Promise<void>;
}

export interface RemoteTransaction extends RemoteQueryable {
  rollback(): Promise<void>;
  readonly closed: boolean;
}

type WorkerEvent = { event: "ready" } | { event: "failed"; error: Record<string, unknown> } | { event: "notify"; listener: number; payload: string };

export class RemotePGlite implements RemoteQueryable {
  private calls: WorkerCalls;
  private listeners = new Map<number, (payload: string) => void>();
  private nextListener = 1;
  closed = false;

  private constructor(private worker: Worker) {
    this.calls = new WorkerCalls(
      worker,
      (code) => new Error(`The database thread stopped (exit code ${code})`),
      (err) => {
        // Answered like a lost database connection: 503, the request did not happen.
        Object.assign(err, { code: "CONNECTION_CLOSED" });
        this.closed = true;
      },
    );
    worker.on("message", (msg: WorkerEvent) => {
      if (msg.event === "notify") this.listeners.get(msg.listener)?.(msg.payload);
    });
  }

  /**
   * Starts the thread and opens the database in `dataDir` (undefined: in memory). The
   * thread vacuums and checkpoints every `upkeepEveryMs` when something was written
   * (pglite-worker.mjs; 0 turns the timer off, `upkeep()` still runs it on demand). An
   * in-memory database starts from `image` when given (pglite-template.mjs ensureImage).
   */
  static async open(dataDir: string | undefined, options: { upkeepEveryMs?: number; image?: string } = {}): Promise<RemotePGlite> {
    const workerData = { dataDir, upkeepEveryMs: options.upkeepEveryMs, image: options.image };
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: WorkerEvent) => {
        if (msg.event === "ready") resolve();
        else if (msg.event === "failed") reject(errorFrom(msg.error));
        else return;
        worker.off("message", onMessage);
      };
      worker.on("message", onMessage);
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`The database thread stopped while opening (exit code ${code})`)));
    }).catch(async (err) => {
      await worker.terminate();
      throw err;
    });
    return new RemotePGlite(worker);
  }

  /** Vacuums and checkpoints now; false when there was nothing to do or a transaction is open. */
  upkeep(): Promise<boolean> {
    return this.call({ op: "upkeep" });
  }

  /** One request to the database thread. */
  call<T>(msg: Record<string, unknown>): Promise<T> {
    return this.calls.call(msg);
  }

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults<T>> {
    return this.call(queryMessage(sql, params, options));
  }

  async exec(sql: string): Promise<void> {
    await this.call({ op: "exec", sql });
  }

  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(fn: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: "begin" });
    const tx = new RemoteTx(this, txId);
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!tx.closed) await this.call({ op: "end", tx: txId, commit: false }).catch(() => {});
      throw err;
    }
    if (!tx.closed) await this.call({ op: "end", tx: txId, commit: true });
    return result;
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = this.nextListener++;
    this.listeners.set(listener, fn);
    await this.call({ op: "listen", channel, listener });
    return async () => {
      this.listeners.delete(listener);
      await this.call({ op: "unlisten", listener });
    };
  }

  /** Checkpoints, closes the database and stops its thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: "close" });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

class RemoteTx implements RemoteTransaction {
  closed = false;
  constructor(
    private db: RemotePGlite,
    private id: number,
  ) {}

  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<RemoteResults<T>> {
    return this.db.call({ ...queryMessage(sql, params, options), tx: this.id });
  }

  async exec(sql: string): Promise<void> {
    await this.db.call({ op: "exec", sql, tx: this.id });
  }

  async rollback(): Promise<void> {
    this.closed = true;
    await this.db.call({ op: "end", tx: this.id, commit: false });
  }
}

function queryMessage(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) {
  return {
    op: "query",
    sql,
    params: params ?? [],
    rowMode: options?.rowMode,
    rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
  };
}

export interface EmbeddedDatabase {
  pg: RemotePGlite;
  /** Releases the data directory's lock. */
  release: () => void;
}

/**
 * Locks the data directory and opens PGlite in it ("memory://…": in memory, no lock, from
 * `image` when given). Kept free of heavy imports so main.ts can start it before the rest
 * of the server loads.
 */
export async function openEmbedded(dataDir: string, opts: { lock?: boolean; image?: string } = {}): Promise<EmbeddedDatabase> {
  const inMemory = dataDir.startsWith("memory://");
  const release = !inMemory && opts.lock !== false ? lockDataDir(dataDir) : () => {};
  try {
    return { pg: await RemotePGlite.open(inMemory ? undefined : dataDir, { image: inMemory ? opts.image : undefined }), release };
  } catch (err) {
    release();
    throw err;
  }
}
