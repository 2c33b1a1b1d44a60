// bench:save — N editors autosaving a 27 KB document every 2 s through the real HTTP API
// with real access tokens, on PGlite (default) or PostgreSQL (--db postgres, using
// BENCH_DATABASE_URL or TEST_DATABASE_URL). The server runs as in production: request log
// at info (written to a file), and realtime subscribers on every document being saved (one
// /realtime socket per 10 editors, following their documents with `summary: true`, as a
// dashboard does). The load generator and the subscribers run in a child process
// (bench/lib/save-editors.mjs), so process.cpuUsage() here is the server's alone, its
// database thread included; on PostgreSQL the database backends' CPU is read from /proc.
//
// Printed: the server's CPU per save for the raw driver (the save's UPDATE as plain SQL) and
// for the whole path, and their ratio — costs that do not depend on what else runs on the
// machine — beside the throughput ratio, the editors' latency percentiles, the server's
// event-loop delay, the load average and the host's steal. Never fails on time.
// Saves are sent as the editor sends them: {version, content} with the content as a JSON
// string, and `Prefer: return=minimal` (the answer is the record without its content).
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import inspector from "node:inspector";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { getTableColumns } from "drizzle-orm";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { documents, openDatabase, sessions } from "../src/server/db/index.js";
import { checkContent } from "../src/server/documents/content.js";
import { createTestUser } from "../src/server/test/harness.js";
import { pgBackendCpu } from "./lib/pg-backend-cpu.js";
import { arg, machineLine, ms, stealMeter, summarize } from "./lib/stats.js";
import { threadCpu, threadCpuSince } from "./lib/thread-cpu.js";

const EDITORS = Number(arg("editors", "500"));
const SECONDS = Number(arg("seconds", "30"));
const DB = arg("db", "pglite");
const INTERVAL_MS = 2000;
/** Editors per signed-in user; each user has one realtime socket following those documents. */
const EDITORS_PER_SUBSCRIBER = 10;
/**
 * Saturation is measured in alternating rounds of the raw driver and the whole path. The
 * host's speed drifts from minute to minute on a shared VM, so each whole-path round is set
 * against the raw round just before it, and the median of those ratios is printed beside
 * the pooled one.
 */
const ROUNDS = 5;
const ROUND_SECONDS = 3;
const CONCURRENCY = Number(arg("concurrency", "8"));
const LOOP_RESOLUTION_MS = 10;
/** BENCH_PROFILE_FILE=<path> adds one whole-path round (not counted) under V8's CPU profiler, main thread. */
const PROFILE_FILE = process.env.BENCH_PROFILE_FILE;
/** The budget printed beside the CPU ratio. */
const CPU_GOAL = 1.3;

// What the save path's UPDATE does (prepareOwnerSave in src/server/documents/save.ts), as
// plain SQL: the content, its text and word count, the title kept, the version and the time,
// unless the document is co-edited or in the trash; it returns every column but the content
// and its text, as the save does.
const { content: _content, textContent: _text, ...returnedColumns } = getTableColumns(documents);
const RAW_UPDATE = `UPDATE documents SET content = $1::jsonb, text_content = $2, word_count = $3::int, title = coalesce($4, title),
  version = version + 1, updated_at = $5::timestamptz
  WHERE id = $6 AND user_id = $7 AND version = $8
    AND co_edited = false AND deleted_at IS NULL
  RETURNING ${Object.values(returnedColumns)
    .map((c) => c.name)
    .join(", ")}`;

/** A ~27 KB document: 60 paragraphs of prose with a marker the editors change. */
function makeDocument(): string {
  const sentence = "The quick brown fox jumps over the lazy dog while the writer keeps on drafting the chapter. ";
  const paragraphs = Array.from({ length: 60 }, (_, i) => ({
    type: "paragraph",
    content: [{ type: "text", text: `${i === 0 ? "__EDIT__ " : ""}${sentence.repeat(4)}` }],
  }));
  return JSON.stringify({ type: "doc", content: paragraphs });
}

const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

interface Editor {
  id: string;
  token: string;
  userId: string;
  version: number;
}

interface RoundResult {
  done: number;
  errors: number;
  versions: Record<string, number>;
  deliveries: { count: number; bytes: number };
  /** The load generator's own CPU (ms). */
  cpuMs: number;
  latencies?: number[];
  steady?: number[];
}

/** The load generator: one child process for the whole run, driven over its IPC channel. */
function startLoadGenerator(job: object) {
  const child: ChildProcess = fork(new URL("./lib/save-editors.mjs", import.meta.url), [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = (msg: object, answer: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (m: { type: string; message?: string }) => {
        if (m.type !== answer && m.type !== "error") return;
        child.off("message", onMessage);
        if (m.type === "error") reject(new Error(`load generator: ${m.message}`));
        else resolve(m);
      };
      child.on("message", onMessage);
      child.send(msg);
    });
  return { ready: ask({ type: "init", job }, "ready"), ask };
}

/** Runs `round` with the main thread's CPU profiler on and writes the .cpuprofile (bench/lib/profile-summary.mjs reads it). */
async function profileWholePath(file: string, round: () => Promise<unknown>) {
  const session = new inspector.Session();
  session.connect();
  const post = (method: string, params?: object) =>
    new Promise<any>((resolve, reject) => session.post(method, params ?? {}, (err, result) => (err ? reject(err) : resolve(result))));
  await post("Profiler.enable");
  await post("Profiler.start");
  await round();
  const { profile } = await post("Profiler.stop");
  fs.writeFileSync(file, JSON.stringify(profile));
  session.disconnect();
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-save-"));
  const databaseUrl = DB === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  if (DB === "postgres" && !databaseUrl) throw new Error("--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL");
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    JWT_SECRET: "x".repeat(48),
    PUBLIC_URL: "http://127.0.0.1:3000",
    PAYMENTS: "test",
    AUTH_AUTOCONFIRM: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  // The log goes to a file the way pino writes stdout by default: one synchronous write per line.
  const logPath = path.join(dataDir, "server.log");
  const logFd = fs.openSync(logPath, "a");
  const logger = { stream: { write: (line: string) => void fs.writeSync(logFd, line) } };
  const { app, ctx } = await buildApp({ config, database, logger, clientDir: "/nonexistent" });
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const text = makeDocument();
  const docBytes = Buffer.byteLength(text.replace("__EDIT__", "edit 0"));
  const storedBytes = Buffer.byteLength(checkContent(text.replace("__EDIT__", "edit 0")).json);

  // Real users, each signed in once per editor (its own session and signed access token),
  // with one document per editor, created over HTTP.
  const editors: Editor[] = [];
  const subscribers: { token: string; documentIds: string[] }[] = [];
  for (let i = 0; i < EDITORS; i += EDITORS_PER_SUBSCRIBER) {
    const user = await createTestUser({ ctx }, { plan: "professional" });
    const documentIds: string[] = [];
    for (let j = i; j < Math.min(EDITORS, i + EDITORS_PER_SUBSCRIBER); j++) {
      let token = user.token;
      if (j > i) {
        const [session] = await ctx.db.insert(sessions).values({ userId: user.id }).returning();
        token = (await ctx.jwt.sign({ userId: user.id, email: user.email, sessionId: session!.id, now: ctx.now() })).token;
      }
      const res = await fetch(`${address}/api/documents`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ title: `Bench ${j}`, content: text.replace("__EDIT__", "edit 0") }),
      });
      if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
      const doc = (await res.json()) as { id: string; version: number };
      editors.push({ id: doc.id, token, userId: user.id, version: doc.version });
      documentIds.push(doc.id);
    }
    subscribers.push({ token: user.token, documentIds });
  }

  const generator = startLoadGenerator({ url: address, origin: config.publicOrigin, baseText: text, editors, subscribers });
  await generator.ready;
  const versionsOf = (list: Editor[]) => Object.fromEntries(list.map((e) => [e.id, e.version]));
  const takeVersions = (versions: Record<string, number>) => {
    for (const e of editors) if (versions[e.id] !== undefined) e.version = versions[e.id]!;
  };

  // The server's CPU (ms) from now on: this process (all threads, PGlite's included) and,
  // on PostgreSQL, the backends serving the bench's database.
  const serverCpu = async () => {
    const start = process.cpuUsage();
    const threads = threadCpu();
    const backends = database.driver === "postgres" ? await pgBackendCpu(database.sql) : null;
    return async () => {
      const node = cpuMs(process.cpuUsage(start));
      return { node, threads: threadCpuSince(threads), database: backends ? await backends() : 0 };
    };
  };

  // 1 and 2, in alternating rounds so drift (table growth, JIT, the machine) hits both alike:
  //  - raw driver: the statement a save ends in, sent straight through the database driver
  //    (no HTTP, no validation, no query builder), with a fresh document text each time;
  //  - whole path: the same number of concurrent savers, through HTTP, as the editor saves.
  // The raw driver writes exactly what a save stores: the schema-normalized tree (as JSON),
  // its plain text and word count, prepared once here so the raw side pays for none of that.
  const stored = checkContent(text);
  const savers = editors.slice(0, CONCURRENCY);
  const rawPhase = async (seconds: number) => {
    let done = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      savers.map(async (target) => {
        while (performance.now() < end) {
          const json = stored.json.replace("__EDIT__", `raw ${done}`);
          const plain = stored.text.replace("__EDIT__", `raw ${done}`);
          const updated = await database.sql.query<{ version: number }>(RAW_UPDATE, [
            json,
            plain,
            stored.words,
            null,
            new Date().toISOString(),
            target.id,
            target.userId,
            target.version,
          ]);
          target.version = updated[0]!.version;
          done++;
        }
      }),
    );
    return done;
  };
  const httpPhase = async (seconds: number): Promise<RoundResult> => {
    const r = (await generator.ask({ type: "saturate", seconds, concurrency: CONCURRENCY, versions: versionsOf(savers) }, "result")) as RoundResult;
    takeVersions(r.versions);
    return r;
  };
  // Warm both paths up first (not counted).
  await rawPhase(1);
  await httpPhase(1);
  const saturationSteal = stealMeter();
  const saturationLoad = load();
  const totals = { rawDone: 0, httpDone: 0, httpErrors: 0, rawCpu: 0, rawDbCpu: 0, httpCpu: 0, httpDbCpu: 0, generatorCpu: 0, deliveries: 0, deliveryBytes: 0 };
  const rawThreads = new Map<number, number>();
  const httpThreads = new Map<number, number>();
  const addTo = (sum: Map<number, number>, add: Map<number, number>) => {
    for (const [tid, used] of add) sum.set(tid, (sum.get(tid) ?? 0) + used);
  };
  const roundRatios: number[] = [];
  const cpuRatios: number[] = [];
  const logBefore = fs.fstatSync(logFd).size;
  for (let round = 0; round < ROUNDS; round++) {
    let meter = await serverCpu();
    const raw = await rawPhase(ROUND_SECONDS);
    const rawCpu = await meter();
    meter = await serverCpu();
    const sat = await httpPhase(ROUND_SECONDS);
    const httpCpu = await meter();
    addTo(rawThreads, rawCpu.threads);
    addTo(httpThreads, httpCpu.threads);
    totals.rawDone += raw;
    totals.rawCpu += rawCpu.node;
    totals.rawDbCpu += rawCpu.database;
    totals.httpDone += sat.done;
    totals.httpErrors += sat.errors;
    totals.httpCpu += httpCpu.node;
    totals.httpDbCpu += httpCpu.database;
    totals.generatorCpu += sat.cpuMs;
    totals.deliveries += sat.deliveries.count;
    totals.deliveryBytes += sat.deliveries.bytes;
    roundRatios.push(sat.done / raw);
    cpuRatios.push((httpCpu.node + httpCpu.database) / sat.done / ((rawCpu.node + rawCpu.database) / raw));
  }
  const logBytesPerSave = (fs.fstatSync(logFd).size - logBefore) / totals.httpDone;
  if (PROFILE_FILE) await profileWholePath(PROFILE_FILE, () => httpPhase(ROUND_SECONDS));
  const saturationStealLine = saturationSteal();
  const saturationLoadAfter = load();
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rawRate = totals.rawDone / (ROUNDS * ROUND_SECONDS);
  const httpRate = totals.httpDone / (ROUNDS * ROUND_SECONDS);
  const rawCpuPer = (totals.rawCpu + totals.rawDbCpu) / totals.rawDone;
  const httpCpuPer = (totals.httpCpu + totals.httpDbCpu) / totals.httpDone;

  // 3. N editors saving every 2 s.
  const editorsSteal = stealMeter();
  const editorsLoad = load();
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  const editorsMeter = await serverCpu();
  const run = (await generator.ask({ type: "editors", seconds: SECONDS, intervalMs: INTERVAL_MS, versions: versionsOf(editors) }, "result")) as RoundResult;
  const editorsCpu = await editorsMeter();
  loop.disable();
  takeVersions(run.versions);
  const editorsStealLine = editorsSteal();
  const lat = summarize(run.latencies!);
  const steady = summarize(run.steady!);

  const dbName = DB === "postgres" ? "PostgreSQL" : "PGlite";
  const withDb = database.driver === "postgres" ? " (this process + the database's backends)" : " (this process: all its threads, the database's included)";
  console.log("bench:save");
  console.log(machineLine());
  console.log(
    `database: ${dbName}; document ${(docBytes / 1024).toFixed(1)} KB as sent, ${(storedBytes / 1024).toFixed(1)} KB as stored; ${EDITORS} editors (${editors.length / EDITORS_PER_SUBSCRIBER} users × ${EDITORS_PER_SUBSCRIBER} sessions, one document each) and ${subscribers.length} realtime sockets following every document (summary); request log at info to a file; load generator in its own process`,
  );
  console.log(`saturation rounds (${CONCURRENCY} concurrent, ${ROUNDS} rounds of ${ROUND_SECONDS} s, alternating raw driver and whole path): load average ${saturationLoad} before, ${saturationLoadAfter} after; ${saturationStealLine}`);
  console.log(`  raw driver: ${rawRate.toFixed(0)} updates/s; whole HTTP save path: ${httpRate.toFixed(0)} saves/s, errors ${totals.httpErrors}`);
  console.log(`  throughput, whole path / raw driver: ${(httpRate / rawRate).toFixed(2)} pooled; by round ${roundRatios.map((r) => r.toFixed(2)).join(", ")}; median ${median(roundRatios).toFixed(2)}`);
  const split = (node: number, db: number, n: number) => (database.driver === "postgres" ? ` (server process ${(node / n).toFixed(3)} + database ${(db / n).toFixed(3)})` : "");
  console.log(
    `  server CPU per save${withDb}: raw driver ${rawCpuPer.toFixed(3)} ms${split(totals.rawCpu, totals.rawDbCpu, totals.rawDone)}; whole path ${httpCpuPer.toFixed(3)} ms${split(totals.httpCpu, totals.httpDbCpu, totals.httpDone)}`,
  );
  console.log(
    `  CPU per save, whole path / raw driver: ${(httpCpuPer / rawCpuPer).toFixed(2)} pooled (goal ≤ ${CPU_GOAL}); by round ${cpuRatios.map((r) => r.toFixed(2)).join(", ")}; median ${median(cpuRatios).toFixed(2)}`,
  );
  // Per thread (Linux): the main thread, the busiest other one in the raw rounds (PGlite's
  // thread; on PostgreSQL the driver has none) and the rest (V8's garbage collection helpers).
  const dbThread = [...rawThreads].filter(([tid]) => tid !== process.pid).sort((a, b) => b[1] - a[1])[0]?.[0];
  const part = (sum: Map<number, number>, n: number, pick: (tid: number) => boolean) =>
    ([...sum].filter(([tid]) => pick(tid)).reduce((a, [, used]) => a + used, 0) / n).toFixed(2);
  const byThread = (name: string, pick: (tid: number) => boolean) => `${name} ${part(rawThreads, totals.rawDone, pick)} → ${part(httpThreads, totals.httpDone, pick)}`;
  if (rawThreads.size > 0) {
    const db = database.driver === "pglite" ? `, ${byThread("database thread", (tid) => tid === dbThread)}` : "";
    const rest = database.driver === "pglite" ? (tid: number) => tid !== process.pid && tid !== dbThread : (tid: number) => tid !== process.pid;
    console.log(`  by thread, ms per save (raw driver → whole path): ${byThread("main", (tid) => tid === process.pid)}${db}, ${byThread("other threads", rest)}`);
  }
  console.log(
    `  beside it: the load generator's CPU ${(totals.generatorCpu / totals.httpDone).toFixed(3)} ms per save (not counted); ${totals.deliveries} realtime summaries delivered (${(totals.deliveryBytes / Math.max(1, totals.deliveries)).toFixed(0)} B each); ${logBytesPerSave.toFixed(0)} B of log per save`,
  );
  console.log(`editors (${EDITORS} saving every ${INTERVAL_MS / 1000} s for ${SECONDS} s): load average ${editorsLoad} before, ${load()} after; ${editorsStealLine}`);
  console.log(`  ${(lat.count / SECONDS).toFixed(1)} saves/s, p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)}, errors ${run.errors}`);
  console.log(`  after the first ${INTERVAL_MS / 1000} s (every editor connected and signed in once): p50 ${ms(steady.p50)}, p95 ${ms(steady.p95)}, p99 ${ms(steady.p99)}, max ${ms(steady.max)}`);
  // The histogram records the whole time between the sampling timer's runs; the delay is
  // what exceeds the timer's interval.
  const delay = (ns: number) => ms(Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS));
  console.log(
    `  server CPU per save${withDb} ${((editorsCpu.node + editorsCpu.database) / run.done).toFixed(3)} ms; event-loop delay p99 ${delay(loop.percentile(99))}, max ${delay(loop.max)}; ${run.deliveries.count} realtime summaries delivered`,
  );

  await generator.ask({ type: "finish" }, "finished");
  await app.close();
  await database.close();
  fs.closeSync(logFd);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
