// bench:collab — live co-editing on this machine. (1) N editors (default 50) in one document,
// each typing 5 keystrokes a second into their own paragraph: the time from a keystroke to its
// arrival in every other editor (p50/p99) and the server's CPU per update. The editors run in
// a child process, so process.cpuUsage() here is the server's alone. (1b) The same for many
// documents with two editors each (default 500 documents, 1,000 editors). (2) Memory per open
// document: documents of about 27 KB of JSON loaded into the live server. (3) Stored bytes
// after an hour of typing (18,000 keystrokes, one in ten a deletion) against the JSON size.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type IntervalHistogram, monitorEventLoopDelay } from "node:perf_hooks";
import * as Y from "yjs";
import { buildApp } from "../src/server/app.js";
import type { Collab } from "../src/server/collab/server.js";
import { contentOf, ydocFromContent } from "../src/server/collab/ydoc.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { chapter } from "./lib/chapter.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";

const EDITORS = Number(arg("editors", "50"));
const SECONDS = Number(arg("seconds", "20"));
const KEYS_PER_SECOND = 5;
const OPEN_DOCS = Number(arg("docs", "200"));
const PAIRED_DOCS = Number(arg("pairs", "500"));
const PAIR_KEYS_PER_SECOND = Number(arg("pair-rate", String(KEYS_PER_SECOND)));
/** --only editors: the 50-editor figures alone (the headline, and what a profile should cover). */
const EDITORS_PROFILE = arg("editors-profile", "");
/** How many processes the editors are spread over (--editor-processes): one process applying every other editor's keystrokes can be the latency's tail. */
const EDITOR_PROCESSES = Number(arg("editor-processes", "1"));
const SINGLE_ONLY = arg("only", "") === "editors";
/**
 * --receive apply|socket: "apply" (default) times a keystroke to its change applied in every
 * other editor's Yjs document in the editors' process; "socket" to the server's message
 * reaching every other editor's socket, not applied (as if each editor had its own machine;
 * see bench/lib/collab-clients.ts).
 */
const RECEIVE = arg("receive", "apply") === "socket" ? "socket" : "apply";
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

interface EditorsResult {
  latencies: number[];
  sent: number;
  /** The server's CPU time (ms) while the editors typed, and the updates' last arrivals. */
  serverCpuMs: number;
  /** How late the server's event loop ran its timers while they typed (a long task shows as a high max). */
  serverLoop: string;
  /** The same for the editors' process, which applies every other editor's keystrokes. */
  editorsLoop: string;
  /** The editors' process's CPU time (ms) while they typed, and how many remote changes its editors applied. */
  editorsCpuMs: number;
  remoteChanges: number;
}

/** p50 / p99 / max of an event-loop delay histogram, in ms. */
const loopDelay = (h: IntervalHistogram) =>
  `p50 ${ms(h.percentile(50) / 1e6)}, p99 ${ms(h.percentile(99) / 1e6)}, max ${ms(h.max / 1e6)}`;

interface ShardResult {
  latencies: number[];
  sent: number;
  editorsLoop: string;
  editorsCpuMs: number;
  remoteChanges: number;
}

/**
 * The editors in EDITOR_PROCESSES child processes (bench/lib/collab-clients.ts), started
 * together once all are in; the server's CPU is measured from that start until every
 * process has stopped typing.
 */
async function runEditors(job: object): Promise<EditorsResult> {
  // --editors-profile <dir>: a CPU profile of the editors' processes, to tell their time from the server's.
  const profile = EDITORS_PROFILE ? ["--cpu-prof", "--cpu-prof-dir", EDITORS_PROFILE] : [];
  const children = Array.from({ length: EDITOR_PROCESSES }, (_, shard) => {
    const child = spawn(process.execPath, [...profile, "--import", "tsx", path.join(import.meta.dirname, "lib", "collab-clients.ts"), JSON.stringify({ ...job, shard, shards: EDITOR_PROCESSES })], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    const seen = (line: string) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (out.includes(`${line}\n`)) {
            child.stdout.off("data", check);
            resolve();
          }
        };
        child.stdout.on("data", check);
      });
    child.stdout.on("data", (d) => {
      out += d;
    });
    const result = new Promise<ShardResult>((resolve, reject) =>
      child.on("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`editors exited ${code}`)))),
    );
    return { child, ready: seen("READY"), done: seen("DONE"), result };
  });
  await Promise.all(children.map((c) => c.ready));
  const loop = monitorEventLoopDelay({ resolution: 10 });
  const cpuAtStart = process.cpuUsage();
  loop.enable();
  for (const c of children) c.child.stdin.end("GO\n");
  await Promise.all(children.map((c) => c.done));
  const used = process.cpuUsage(cpuAtStart);
  loop.disable();
  const shards = await Promise.all(children.map((c) => c.result));
  return {
    latencies: shards.flatMap((r) => r.latencies),
    sent: shards.reduce((n, r) => n + r.sent, 0),
    serverCpuMs: (used.user + used.system) / 1000,
    serverLoop: loopDelay(loop),
    editorsLoop: shards.map((r) => r.editorsLoop).join("; "),
    editorsCpuMs: shards.reduce((n, r) => n + r.editorsCpuMs, 0),
    remoteChanges: shards.reduce((n, r) => n + r.remoteChanges, 0),
  };
}

async function main() {
  console.log(machineLine());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-collab-"));
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "z".repeat(48), PUBLIC_URL: "http://127.0.0.1:3000", PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "true" });
  const database = await openDatabase({ dataDir });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createTestUser({ ctx }, { plan: "professional" });
  const create = async (content?: object) => {
    const res = await app.inject({ method: "POST", url: "/api/documents", headers: user.headers, payload: content ? { content } : {} });
    if (res.statusCode !== 201) throw new Error(`creating a document: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string };
  };

  const collab = ctx.liveDocuments as unknown as Collab;
  /** Lets a document's live copy go once its editors are gone (the server unloads it itself after storing). */
  const collabUnload = async (id: string) => {
    const open = collab.hocuspocus.documents.get(id);
    if (open) await collab.hocuspocus.unloadDocument(open).catch(() => {});
  };

  // (1) Editors in one document.
  const doc = await create();
  const loadBefore = load();
  const { latencies, sent, serverCpuMs, serverLoop, editorsLoop, editorsCpuMs, remoteChanges } = await runEditors({ url, documentIds: [doc.id], token: user.token, editorsPerDocument: EDITORS, seconds: SECONDS, keysPerSecond: KEYS_PER_SECOND, receive: RECEIVE });
  const lat = summarize(latencies);
  const cpuPerUpdate = (serverCpuMs / sent).toFixed(3);
  console.log(`\n(1) ${EDITORS} editors in one document, ${KEYS_PER_SECOND} keystrokes/s each, ${SECONDS} s (load average before ${loadBefore}, after ${load()})`);
  console.log(`    keystrokes sent ${sent}, arrivals measured ${lat.count}`);
  console.log(`    keystroke → other editors (${RECEIVE === "socket" ? "the server's message at each editor's socket" : "applied in each editor's document"}): p50 ${ms(lat.p50)}, p95 ${ms(lat.p95)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)}`);
  console.log(`    server CPU while they typed ${serverCpuMs.toFixed(0)} ms = ${cpuPerUpdate} ms per keystroke (received once, sent to ${EDITORS - 1} editors; includes the stores and the embedded database's thread)`);
  console.log(`    event-loop delay while they typed: server ${serverLoop}; editors' process ${editorsLoop}`);
  console.log(
    `    editors' processes (${EDITOR_PROCESSES}): CPU ${editorsCpuMs.toFixed(0)} ms = ${(editorsCpuMs / sent).toFixed(3)} ms per keystroke; ${remoteChanges} remote changes ${RECEIVE === "socket" ? "received" : "applied"} = ${(remoteChanges / sent / (EDITORS - 1)).toFixed(2)} per keystroke and receiving editor`,
  );
  if (SINGLE_ONLY) return finish();

  // (1b) Many documents, two editors each.
  if (PAIRED_DOCS > 0) {
    const pairIds: string[] = [];
    for (let i = 0; i < PAIRED_DOCS; i++) pairIds.push((await create()).id);
    const pairLoad = load();
    const pairs = await runEditors({ url, documentIds: pairIds, token: user.token, editorsPerDocument: 2, seconds: SECONDS, keysPerSecond: PAIR_KEYS_PER_SECOND });
    const pl = summarize(pairs.latencies);
    console.log(`\n(1b) ${PAIRED_DOCS} documents × 2 editors, ${PAIR_KEYS_PER_SECOND} keystrokes/s each, ${SECONDS} s (load average before ${pairLoad}, after ${load()})`);
    console.log(`    keystrokes sent ${pairs.sent} (${(pairs.sent / SECONDS).toFixed(0)}/s), arrivals measured ${pl.count}`);
    console.log(`    keystroke → the other editor: p50 ${ms(pl.p50)}, p95 ${ms(pl.p95)}, p99 ${ms(pl.p99)}, max ${ms(pl.max)}`);
    console.log(`    server CPU ${pairs.serverCpuMs.toFixed(0)} ms = ${(pairs.serverCpuMs / pairs.sent).toFixed(3)} ms per keystroke (received once, sent to 1 editor; includes the stores)`);
    console.log(`    event-loop delay: server ${pairs.serverLoop}; editors' process ${pairs.editorsLoop}`);
    for (const id of pairIds) await collabUnload(id);
  }

  // (2) Memory per open ~27 KB document in the live server.
  const ids: string[] = [];
  for (let i = 0; i < OPEN_DOCS; i++) ids.push((await create(chapter(27_000))).id);
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage();
  const connections = [];
  for (const id of ids) connections.push(await collab.hocuspocus.openDirectConnection(id, {}));
  gc?.();
  const after = process.memoryUsage();
  const perDoc = (n: number) => `${(n / OPEN_DOCS / 1024).toFixed(0)} KB`;
  console.log(`\n(2) ${OPEN_DOCS} documents of ~27 KB JSON open in the live server (${gc ? "after gc" : "no --expose-gc: heap figures include garbage"}; load average ${load()})`);
  console.log(`    per open document: heap ${perDoc(after.heapUsed - before.heapUsed)}, RSS ${perDoc(after.rss - before.rss)}`);
  for (const c of connections) await c.disconnect();

  // (3) Stored bytes after an hour of typing, with the server's garbage collection on.
  const ydoc = ydocFromContent(chapter(27_000) as never);
  const paragraphs = ydoc.getXmlFragment("default");
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  // A writer types runs of 5 to 80 keys at one place (the caret), then moves; one key in
  // ten is a backspace. Each key is its own change, as the editor sends it.
  for (let k = 0; k < 3600 * KEYS_PER_SECOND; ) {
    const paragraph = paragraphs.get(Math.floor(random() * paragraphs.length)) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    let at = Math.floor(random() * (text.length + 1));
    const run = 5 + Math.floor(random() * 76);
    for (let r = 0; r < run; r++, k++) {
      if (k % 10 === 9 && at > 0) text.delete(--at, 1);
      else text.insert(at++, "abcdefghijklmnopqrstuvwxyz "[Math.floor(random() * 27)]!);
    }
  }
  const stateBytes = Y.encodeStateAsUpdate(ydoc).byteLength;
  const jsonBytes = Buffer.byteLength(JSON.stringify(contentOf(ydoc)));
  console.log(`\n(3) an hour of typing (18,000 keystrokes in runs of 5–80 at one place, one in ten a backspace) into a ~27 KB document`);
  console.log(`    stored state ${(stateBytes / 1024).toFixed(0)} KB, document JSON ${(jsonBytes / 1024).toFixed(0)} KB: ${(stateBytes / jsonBytes).toFixed(2)}× the JSON`);

  return finish();

  async function finish() {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
