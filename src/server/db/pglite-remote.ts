// PGlite in its own thread (pglite-worker.mjs), seen from the server's thread through the
// part of PGlite's interface that Drizzle and our SQL runner use: query, exec, transaction
// and listen. Statements then run while the server's thread parses, validates and answers
// other requests, instead of in turn with them.
import { Worker } from "node:worker_threads";
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

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> };
type WorkerEvent = { event: "ready" } | { event: "failed"; error: Record<string, unknown> } | { event: "notify"; listener: number; payload: string };

/** The worker's plain error object as an Error with PostgreSQL's fields (code, detail, …). */
function toError(plain: Record<string, unknown>): Error {
  const err = new Error(String(plain.message));
  Object.assign(err, plain);
  return err;
}

export class RemotePGlite implements RemoteQueryable {
  private nextId = 1;
  private pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  private listeners = new Map<number, (payload: string) => void>();
  private nextListener = 1;
  private exited: Error | null = null;
  closed = false;

  private constructor(private worker: Worker) {
    worker.on("message", (msg: Reply | WorkerEvent) => {
      if ("event" in msg) {
        if (msg.event === "notify") this.listeners.get(msg.listener)?.(msg.payload);
        return;
      }
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      this.settleRef();
      if (msg.error) waiter.reject(toError(msg.error));
      else waiter.resolve(msg.result);
    });
    worker.on("error", (err) => this.fail(err));
    worker.on("exit", (code) => this.fail(new Error(`The database thread stopped (exit code ${code})`)));
    // An idle database thread must not keep the process alive; a pending request does.
    worker.unref();
  }

  /** Starts the thread and opens the database in `dataDir` (undefined: in memory). */
  static async open(dataDir: string | undefined): Promise<RemotePGlite> {
    const worker = new Worker(new URL("./pglite-worker.mjs", import.meta.url), { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (msg: WorkerEvent) => {
        if (msg.event === "ready") resolve();
        else if (msg.event === "failed") reject(toError(msg.error));
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

  private fail(err: Error) {
    if (this.exited) return;
    // Answered like a lost database connection: 503, the request did not happen.
    Object.assign(err, { code: "CONNECTION_CLOSED" });
    this.exited = err;
    this.closed = true;
    for (const waiter of this.pending.values()) waiter.reject(err);
    this.pending.clear();
  }

  private settleRef() {
    if (this.pending.size === 0) this.worker.unref();
  }

  /** One request to the database thread. */
  call<T>(msg: Record<string, unknown>): Promise<T> {
    if (this.exited) return Promise.reject(this.exited);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...msg, id });
    });
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
 * Locks the data directory and opens PGlite in it ("memory://…": in memory, no lock). Kept
 * free of heavy imports so main.ts can start it before the rest of the server loads.
 */
export async function openEmbedded(dataDir: string, opts: { lock?: boolean } = {}): Promise<EmbeddedDatabase> {
  const inMemory = dataDir.startsWith("memory://");
  const release = !inMemory && opts.lock !== false ? lockDataDir(dataDir) : () => {};
  try {
    return { pg: await RemotePGlite.open(inMemory ? undefined : dataDir), release };
  } catch (err) {
    release();
    throw err;
  }
}
