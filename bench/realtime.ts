// bench:realtime — documents of ~27 KB saved through the HTTP API as the editor's autosave
// sends them, pushed to signed-in subscribers (1,000 over 100 documents: open editor tabs,
// which get the full record) and to share-link visitors (1,000 over the first 10 documents,
// made public: they get the shared view). The saves and every socket run in a child process
// (bench/lib/realtime-load.mjs), so process.cpuUsage() here is the server's alone, its
// database thread included. Rounds of saves to the watched documents alternate with rounds
// of the same saves to as many documents nobody follows, so the server's CPU per delivered
// update is the fan-out's own: (CPU of watched rounds − CPU of unwatched rounds) /
// deliveries. Also printed: save-request-to-delivery latency percentiles for subscribers and
// visitors, bytes per delivery, the owners' save time, load average and host steal.
// Visitors connect from 127.0.0.2…, subscribers from 127.0.0.100…, under the server's
// per-address caps (src/server/realtime/connection.ts), so the caps stay on and nothing
// leaves 127.0.0.0/8.
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { chapterWithMarker } from "./lib/chapter.js";
import { arg, machineLine, ms, stealMeter, summarize } from "./lib/stats.js";
import { threadCpu, threadCpuSince } from "./lib/thread-cpu.js";

const SUBSCRIBERS = Number(arg("subscribers", "1000"));
const DOCUMENTS = Number(arg("documents", "100"));
const VISITORS = Number(arg("visitors", "1000"));
const SHARED_DOCUMENTS = Number(arg("shared", "10"));
const UPDATES = Number(arg("updates", "300"));
const UPDATE_INTERVAL_MS = Number(arg("interval", "20"));
const DOCUMENT_BYTES = Number(arg("bytes", "27000"));
const DB = arg("db", "pglite");
/** Pairs of rounds (unwatched, watched): the host's speed and the database's upkeep drift. */
const ROUNDS = Number(arg("rounds", "4"));
/** Sockets per loopback address: under the server's caps of 100 per address and 20 per address on one document. */
const SUBSCRIBERS_PER_ADDRESS = 50;
const VISITORS_PER_ADDRESS = 20;

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const cpuMs = (u: NodeJS.CpuUsage) => (u.user + u.system) / 1000;

interface Delivered {
  latencies: number[];
  bytes: number;
}

interface UpdatesResult {
  saveTimes: number[];
  errors: number;
  /** Deliveries that had not arrived 5 s after the last save. */
  missing: number;
  deliveries: { subscriber: Delivered; visitor: Delivered };
  seconds: number;
}

/** The load generator: one child process for the whole run, driven over its IPC channel. */
function startLoadGenerator(job: object) {
  const child: ChildProcess = fork(new URL("./lib/realtime-load.mjs", import.meta.url), [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let failure: Error | null = null;
  const waiting = new Set<(err: Error) => void>();
  child.on("message", (m: { type: string; message?: string }) => {
    if (m.type !== "error") return;
    failure = new Error(`load generator: ${m.message}`);
    for (const reject of waiting) reject(failure);
  });
  const ask = (msg: object, answer: string) =>
    new Promise<any>((resolve, reject) => {
      if (failure) return reject(failure);
      const onMessage = (m: { type: string }) => {
        if (m.type !== answer) return;
        child.off("message", onMessage);
        waiting.delete(reject);
        resolve(m);
      };
      waiting.add(reject);
      child.on("message", onMessage);
      child.send(msg);
    });
  return { ready: ask({ type: "init", job }, "ready"), ask };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-rt-"));
  const databaseUrl = DB === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  if (DB === "postgres" && !databaseUrl) throw new Error("--db postgres needs BENCH_DATABASE_URL or TEST_DATABASE_URL");
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    DATA_DIR: dataDir,
    JWT_SECRET: "z".repeat(48),
    PUBLIC_URL: "http://127.0.0.1:3000",
    PAYMENTS: "test",
    AUTH_AUTOCONFIRM: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  // The log goes to a file the way pino writes stdout by default: one synchronous write per line.
  const logFd = fs.openSync(path.join(dataDir, "server.log"), "a");
  const logger = { stream: { write: (line: string) => void fs.writeSync(logFd, line) } };
  const { app, ctx } = await buildApp({ config, database, logger, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const content = chapterWithMarker(DOCUMENT_BYTES, "__EDIT__");
  const contentBytes = Buffer.byteLength(content.replace("__EDIT__", "edit0"));

  // One owner per document; the first SHARED_DOCUMENTS are public, each with its share token.
  // Each owner has a second document like it that no socket follows.
  const docs: { id: string; token: string; version: number; shareToken?: string }[] = [];
  const unwatched: { id: string; token: string; version: number }[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const user = await createTestUser({ ctx }, { plan: "professional" });
    const headers = { "content-type": "application/json", ...user.headers };
    const res = await fetch(`${url}/api/documents`, { method: "POST", headers, body: JSON.stringify({ title: `Doc ${i}`, content: content.replace("__EDIT__", "edit0") }) });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const doc = (await res.json()) as { id: string; version: number };
    let shareToken: string | undefined;
    if (i < SHARED_DOCUMENTS) {
      const shared = await fetch(`${url}/api/documents/${doc.id}/share`, { method: "PUT", headers, body: JSON.stringify({ isPublic: true }) });
      if (!shared.ok) throw new Error(`share failed: ${shared.status} ${await shared.text()}`);
      shareToken = (await fetch(`${url}/api/shared/${doc.id}`)).headers.get("x-share-token") ?? undefined;
      if (!shareToken) throw new Error("no share token");
    }
    docs.push({ id: doc.id, token: user.token, version: doc.version, shareToken });
    const twin = await fetch(`${url}/api/documents`, { method: "POST", headers, body: JSON.stringify({ title: `Quiet ${i}`, content: content.replace("__EDIT__", "edit0") }) });
    if (twin.status !== 201) throw new Error(`create failed: ${twin.status} ${await twin.text()}`);
    const quiet = (await twin.json()) as { id: string; version: number };
    unwatched.push({ id: quiet.id, token: user.token, version: quiet.version });
  }
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    documentId: docs[i % DOCUMENTS]!.id,
    token: docs[i % DOCUMENTS]!.token,
    localAddress: `127.0.0.${100 + Math.floor(i / SUBSCRIBERS_PER_ADDRESS)}`,
  }));
  const visitors = Array.from({ length: VISITORS }, (_, i) => ({
    documentId: docs[i % SHARED_DOCUMENTS]!.id,
    shareToken: docs[i % SHARED_DOCUMENTS]!.shareToken!,
    localAddress: `127.0.0.${2 + Math.floor(i / VISITORS_PER_ADDRESS)}`,
  }));

  const generator = startLoadGenerator({ url, origin: config.publicOrigin, content, docs: { watched: docs, unwatched }, subscribers, visitors });
  await generator.ready;
  const connected = (await generator.ask({ type: "connect" }, "connected")) as { ms: number };
  const updates = (set: "watched" | "unwatched", count: number) =>
    generator.ask({ type: "updates", set, count, intervalMs: UPDATE_INTERVAL_MS }, "result") as Promise<UpdatesResult>;
  // Warm-up (not counted): each document saved once.
  await updates("unwatched", DOCUMENTS);
  await updates("watched", DOCUMENTS);

  const total = (set: "watched" | "unwatched") => ({
    cpuMs: 0,
    mainMs: 0,
    saves: 0,
    saveTimes: [] as number[],
    errors: 0,
    missing: 0,
    deliveries: { subscriber: { latencies: [] as number[], bytes: 0 }, visitor: { latencies: [] as number[], bytes: 0 } },
    set,
  });
  const quiet = total("unwatched");
  const watched = total("watched");
  const steal = stealMeter();
  const loadBefore = load();
  for (let round = 0; round < ROUNDS; round++) {
    for (const sum of [quiet, watched]) {
      const cpu = process.cpuUsage();
      const threads = threadCpu();
      const r = await updates(sum.set, UPDATES);
      sum.cpuMs += cpuMs(process.cpuUsage(cpu));
      sum.mainMs += threadCpuSince(threads).get(process.pid) ?? 0;
      sum.saves += UPDATES;
      sum.saveTimes.push(...r.saveTimes);
      sum.errors += r.errors;
      sum.missing += r.missing;
      for (const kind of ["subscriber", "visitor"] as const) {
        sum.deliveries[kind].latencies.push(...r.deliveries[kind].latencies);
        sum.deliveries[kind].bytes += r.deliveries[kind].bytes;
      }
    }
  }
  const stealLine = steal();
  const loadAfter = load();
  await generator.ask({ type: "finish" }, "finished");

  const { subscriber, visitor } = watched.deliveries;
  const delivered = subscriber.latencies.length + visitor.latencies.length;
  const perSave = (r: { cpuMs: number; saves: number }) => r.cpuMs / r.saves;
  const fanOutMs = watched.cpuMs - quiet.cpuMs;
  const fanOutMainMs = watched.mainMs - quiet.mainMs;
  const latency = (d: Delivered) => {
    const s = summarize(d.latencies);
    return `p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}; ${(d.bytes / Math.max(1, d.latencies.length) / 1024).toFixed(1)} KB per delivery`;
  };
  const saves = (r: typeof watched) => {
    const s = summarize(r.saveTimes);
    return `save p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, errors ${r.errors}`;
  };

  console.log("bench:realtime");
  console.log(machineLine());
  console.log(
    `database: ${DB === "postgres" ? "PostgreSQL" : "PGlite"}; ${DOCUMENTS} watched documents of ${(contentBytes / 1024).toFixed(1)} KB (content JSON as sent) and ${DOCUMENTS} like them unwatched; ${SUBSCRIBERS} signed-in subscribers over the watched ones, ${VISITORS} share-link visitors over the first ${SHARED_DOCUMENTS}; one save every ${UPDATE_INTERVAL_MS} ms, round robin; request log at info to a file; load generator and sockets in their own process`,
  );
  console.log(`connect + subscribe all ${SUBSCRIBERS + VISITORS} sockets: ${ms(connected.ms)}`);
  console.log(`${ROUNDS} rounds each of ${UPDATES} saves to unwatched and to watched documents, alternating: load average ${loadBefore} before, ${loadAfter} after; ${stealLine}`);
  console.log(`  unwatched: server CPU ${perSave(quiet).toFixed(3)} ms per save (main thread ${(quiet.mainMs / quiet.saves).toFixed(3)}); ${saves(quiet)}`);
  console.log(`  watched: server CPU ${perSave(watched).toFixed(3)} ms per save (main thread ${(watched.mainMs / watched.saves).toFixed(3)}); ${saves(watched)}`);
  console.log(`  deliveries: ${delivered} (${subscriber.latencies.length} to subscribers, ${visitor.latencies.length} to visitors), ${watched.missing} missing 5 s after a round's last save`);
  console.log(
    `  server CPU per delivered update (watched − unwatched, over deliveries): ${(fanOutMs / Math.max(1, delivered)).toFixed(3)} ms (main thread ${(fanOutMainMs / Math.max(1, delivered)).toFixed(3)}); per save ${(fanOutMs / watched.saves).toFixed(3)} ms`,
  );
  console.log(`  subscribers (full record): ${latency(subscriber)}`);
  console.log(`  visitors (shared view): ${latency(visitor)}`);

  await app.close();
  await database.close();
  fs.closeSync(logFd);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
