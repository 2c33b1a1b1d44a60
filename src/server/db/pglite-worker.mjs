// The embedded database's own thread. PGlite is PostgreSQL compiled to WebAssembly and runs
// synchronously in whichever thread calls it; on the server's thread every statement held
// up request handling, so a save's database work and its HTTP work could never overlap.
// Here it answers the small protocol of pglite-remote.ts: query, exec, begin/end of a
// transaction, listen/unlisten, close. Plain JavaScript so it runs as is from the sources
// (tests, benchmarks) and from the server bundle (copied next to it by the build).
import fs from "node:fs";
import { fileURLToPath } from "node:url";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, parse as pgliteParse, protocol } from "@electric-sql/pglite";
import { byteaCodec } from "./pglite-bytea.mjs";
import { seedFromTemplate } from "./pglite-template.mjs";

/** @type {PGlite} */
let pg;
/** Open transactions by id: the PGlite transaction and how to finish it. */
const transactions = new Map();
const listeners = new Map();
let nextTx = 1;

/**
 * Upkeep. A PostgreSQL server has background processes that reclaim the space of replaced
 * rows (autovacuum) and checkpoint so old WAL files can be reused; PGlite has neither. Every
 * autosave replaces a whole document, so without upkeep the data directory grows with every
 * save, for good: 20,000 saves of a 40 KB document that does not compress left 1.8 GB.
 * With a VACUUM and a CHECKPOINT every 2,000 of them it stayed at 260 MB; each run
 * took ~30 + ~75 ms there, and a few ms for ordinary prose. It runs every
 * UPKEEP_EVERY_MS when something was written, never inside an open transaction.
 */
const UPKEEP_EVERY_MS = workerData.upkeepEveryMs ?? 15_000;
/** Statements that cannot have written anything (health checks read every few seconds). */
const READ_ONLY = /^\s*(select|show)\b/i;
let writesSinceUpkeep = 0;
let upkeepRunning = false;

/** Resolves to whether it ran (false: nothing written since the last one, or a transaction is open). */
async function upkeep() {
  if (upkeepRunning || !pg || pg.closed || transactions.size > 0 || writesSinceUpkeep === 0) return false;
  upkeepRunning = true;
  writesSinceUpkeep = 0;
  try {
    await pg.exec("VACUUM");
    await pg.exec("CHECKPOINT");
    return true;
  } finally {
    upkeepRunning = false;
  }
}

/** Errors cross the thread boundary as plain objects with PostgreSQL's fields (code, detail…). */
function plainError(err) {
  const out = { name: err?.name ?? "Error", message: String(err?.message ?? err) };
  if (err && typeof err === "object") {
    for (const [key, value] of Object.entries(err)) {
      if (value === undefined || typeof value === "function") continue;
      if (key === "query" || key === "params") continue; // may be large; not needed by callers
      try {
        structuredClone(value);
        out[key] = value;
      } catch {
        // Not clonable: leave it out.
      }
    }
  }
  return out;
}

/** Drizzle asks for some types as the raw text (timestamps, dates); it sends their OIDs. */
function queryOptions(msg) {
  if (!msg.rowMode && !msg.rawTypes) return undefined;
  const parsers = {};
  for (const oid of msg.rawTypes ?? []) parsers[oid] = (value) => value;
  return { rowMode: msg.rowMode, parsers };
}

function target(msg) {
  if (msg.tx === undefined) return pg;
  const open = transactions.get(msg.tx);
  if (!open) throw new Error("The transaction is no longer open");
  return open.tx;
}

/**
 * Named prepared statements. PGlite's query() parses and plans every statement anew (an
 * unnamed statement), and planning is most of what a small query costs the database thread:
 * for the read of a document with its caller's access, 0.60 ms against 0.27 ms for the same
 * statement prepared, much of it asking the file system for each table's size. A statement
 * text seen a second time is parsed once under a name and from then on only bound and
 * executed, in one call instead of PGlite's five, which PostgreSQL drivers do as well
 * (postgres.js prepares every statement). Prepared statements live in the session, outside
 * any transaction, so one prepared inside a transaction that rolls back stays usable.
 */
const { serialize } = protocol;
const PREPARED_MAX = 256;
/** @type {Map<string, { name: string, paramTypes: number[] }>} by SQL text, least recently used first */
const prepared = new Map();
/** SQL texts seen once, to prepare on the second sight (one-off statements are never named). */
const seenOnce = new Set();
let nextStatement = 1;

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** Runs under PGlite's own locks, as its query() does: outside a transaction, none may be open. */
function exclusive(msg, fn) {
  const run = () => pg._runExclusiveQuery(fn);
  return msg.tx === undefined ? pg._runExclusiveTransaction(run) : run();
}

async function statementFor(msg) {
  const found = prepared.get(msg.sql);
  if (found) {
    prepared.delete(msg.sql);
    prepared.set(msg.sql, found);
    return found;
  }
  if (!seenOnce.has(msg.sql)) {
    if (seenOnce.size >= PREPARED_MAX * 4) seenOnce.clear();
    seenOnce.add(msg.sql);
    return null;
  }
  seenOnce.delete(msg.sql);
  const name = `pglite_s${nextStatement++}`;
  const messages = await pg.execProtocolStream(
    concat([serialize.parse({ name, text: msg.sql }), serialize.describe({ type: "S", name }), serialize.sync()]),
    { syncToFs: false },
  );
  const statement = { name, paramTypes: pgliteParse.parseDescribeStatementResults(messages) };
  if (prepared.size >= PREPARED_MAX) {
    const [oldestSql, oldest] = prepared.entries().next().value;
    prepared.delete(oldestSql);
    await pg.execProtocolStream(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), { syncToFs: false });
  }
  prepared.set(msg.sql, statement);
  return statement;
}

/** @type {Map<string, Record<number, (value: string) => unknown>>} PGlite's parsers with the raw types left as text, by raw-type list */
const mergedParsers = new Map();

function parsersFor(msg) {
  if (!msg.rawTypes?.length) return pg.parsers;
  const key = msg.rawTypes.join(",");
  let parsers = mergedParsers.get(key);
  if (!parsers) {
    parsers = { ...pg.parsers };
    for (const oid of msg.rawTypes) parsers[oid] = (value) => value;
    mergedParsers.set(key, parsers);
  }
  return parsers;
}

/** A query through its named statement, or through PGlite's query() for a text seen once. */
async function query(msg) {
  const options = queryOptions(msg);
  const viaPrepared = await exclusive(msg, async () => {
    // A statement that does not parse fails here as it would in query(), with the same error
    // (inside a transaction, trying query() after it would only report the aborted transaction).
    const statement = await statementFor(msg);
    if (!statement) return null;
    const values = (msg.params ?? []).map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = pg.serializers[statement.paramTypes[i]];
      return serializer ? serializer(param) : param.toString();
    });
    let messages;
    try {
      messages = await pg.execProtocolStream(
        concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      );
    } catch (err) {
      // A table the statement reads was altered so that its result changed (a migration):
      // forget the statement and let query() plan the text afresh.
      if (err?.code === "0A000" && /cached plan/.test(String(err.message))) {
        prepared.delete(msg.sql);
        return null;
      }
      throw err;
    }
    if (msg.tx === undefined) await pg.syncToFs();
    // parseResults copies PGlite's ~250 type parsers into a new object whenever a query
    // brings its own (Drizzle's raw timestamps, on every statement): merged once per set here.
    return pgliteParse.parseResults(messages, parsersFor(msg), options && { rowMode: options.rowMode })[0];
  });
  return viaPrepared ?? (await target(msg).query(msg.sql, msg.params, options));
}

async function handle(msg) {
  if ((msg.op === "query" || msg.op === "exec") && !READ_ONLY.test(msg.sql)) writesSinceUpkeep++;
  switch (msg.op) {
    case "query": {
      const result = msg.tx === undefined || transactions.has(msg.tx) ? await query(msg) : await target(msg).query(msg.sql, msg.params, queryOptions(msg));
      return { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows };
    }
    case "exec":
      await target(msg).exec(msg.sql);
      return null;
    case "begin": {
      const id = nextTx++;
      return new Promise((started, failedToStart) => {
        let began = false;
        pg.transaction(
          (tx) =>
            new Promise((commit, rollback) => {
              transactions.set(id, { tx, commit, rollback });
              began = true;
              started(id);
            }),
        )
          .then(() => transactions.get(id)?.settled?.resolve(null))
          .catch((err) => {
            if (!began) failedToStart(err);
            else transactions.get(id)?.settled?.reject(err);
          })
          .finally(() => transactions.delete(id));
      });
    }
    case "end": {
      const open = transactions.get(msg.tx);
      if (!open) throw new Error("The transaction is no longer open");
      const settled = new Promise((resolve, reject) => {
        open.settled = { resolve, reject };
      });
      if (msg.commit) open.commit();
      else open.rollback(new Error("rolled back"));
      try {
        await settled;
      } catch (err) {
        // A rollback we asked for is not an error; a failed COMMIT is.
        if (msg.commit) throw err;
      }
      return null;
    }
    case "listen": {
      const stop = await pg.listen(msg.channel, (payload) => parentPort.postMessage({ event: "notify", listener: msg.listener, payload }));
      listeners.set(msg.listener, stop);
      return null;
    }
    case "unlisten":
      await listeners.get(msg.listener)?.();
      listeners.delete(msg.listener);
      return null;
    case "upkeep":
      return upkeep();
    case "close":
      clearInterval(upkeepTimer);
      if (!pg.closed) {
        // A checkpoint flushes the WAL so the next start does no recovery work.
        await pg.exec("CHECKPOINT");
        await pg.close();
      }
      return null;
    default:
      throw new Error(`Unknown operation ${msg.op}`);
  }
}

/**
 * Memory. PostgreSQL allocates and zeroes its whole buffer pool as it starts, and a
 * WebAssembly memory never gives pages back: the default 128 MB pool was ~120 MB of the
 * server's resident memory from its first second ("Memory at rest" in docs/PERFORMANCE.md).
 * Pages a 16 MB pool evicts are read back from the operating system's file cache, and dirty
 * ones are written out as they are evicted instead of all at the next checkpoint.
 * wal_buffers would follow the pool down to 512 kB; it stays at the 4 MB it was.
 */
/**
 * Every 16 MB of WAL (about 5,000 autosaves of a 27 KB document) PostgreSQL starts a new
 * WAL segment, by default writing 16 MB of zeros first: a 50-60 ms stop of every save
 * queued behind it. The zeros only reserve disk space ahead of time; PGlite never
 * fsyncs, so they buy nothing here, and the segment is written in place as WAL arrives.
 * Set as the server starts rather than by a statement after it: one round trip less.
 */
const START_PARAMS = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "wal_buffers=4MB", "-c", "wal_init_zero=off"];

/** A data directory on disk (not memory:// or another PGlite file system) that holds no database yet. */
function seedIfNew(dataDir) {
  if (!dataDir || dataDir.includes("://")) return;
  // The build puts the template beside the bundle's directory (dist/pglite-template); next
  // to the sources there is none.
  seedFromTemplate(dataDir, fileURLToPath(new URL("../pglite-template", import.meta.url)));
}

/** Settles once the database is open (or failed to open, when the server's thread ends this one). */
let markOpen;
const whenOpen = new Promise((resolve) => {
  markOpen = resolve;
});

// Listening from the thread's start, before the database opens: attached only once the open
// had finished, the listener let the server's first statement (sent as soon as "ready" arrives)
// wait 60–90 ms in the port with both threads idle (2026-11-28, spawn → first health 200).
// Statements that arrive before the database is open wait for it.
parentPort.on("message", (msg) => {
  whenOpen.then(() => handle(msg)).then(
    (result) => parentPort.postMessage({ id: msg.id, result }),
    (err) => parentPort.postMessage({ id: msg.id, error: plainError(err) }),
  );
});

try {
  seedIfNew(workerData.dataDir);
  // An in-memory database may start from an image (a tar of a migrated data directory,
  // pglite-template.mjs ensureImage): loading one costs ~1 s of CPU where initdb costs ~8 s.
  const loadDataDir = !workerData.dataDir && workerData.image ? new Blob([fs.readFileSync(workerData.image)]) : undefined;
  pg = await PGlite.create(workerData.dataDir ?? undefined, { relaxedDurability: false, startParams: START_PARAMS, loadDataDir, ...byteaCodec });
  markOpen();
  parentPort.postMessage({ event: "ready" });
} catch (err) {
  parentPort.postMessage({ event: "failed", error: plainError(err) });
}

// Unref'd: the thread lives as long as its port does, not for the timer's sake.
const upkeepTimer =
  UPKEEP_EVERY_MS > 0
    ? setInterval(() => {
        upkeep().catch((err) => console.error("database upkeep failed", err));
      }, UPKEEP_EVERY_MS).unref()
    : undefined;

