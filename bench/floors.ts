// bench:floors — each hot path against the bare libraries under it, in one run, so a change is
// judged against the floor rather than against the previous commit. For every row the app's
// path (A) and its bare floor (B) alternate in the same minutes, ROUNDS times, and the figure
// is CPU per operation from the process's own counters (and, on PostgreSQL, the CPU of the
// database backends serving the bench's database, from /proc): a cost that moves less with
// the neighbours than wall time does. Printed with the load average and the host; never fails.
//
// Rows (--rows picks some; all by default):
//   read      authenticated GET of a ~28.7 KB document, uncompressed: the app vs Fastify 5 +
//             jose verifying the same token and sending the same body from memory;
//   br        the same read with accept-encoding: br: the app vs the bare server sending a
//             brotli copy made once;
//   save-pg   the autosave PATCH on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL;
//             skipped without): the app vs the save's UPDATE sent through postgres.js;
//   save-pglite  the same on PGlite: the app vs the UPDATE as a prepared statement in PGlite;
//   collab    50 editors in one document, CPU per keystroke: the app vs bare Hocuspocus 3;
//   memory    heap per open ~27 KB document: the app's live server vs bare Hocuspocus 3
//             holding the same Yjs document;
//   start     spawn → first health 200 on an existing data directory (wall): the built app vs
//             a process that opens PGlite on the same directory and runs SELECT 1; each slot
//             the median of --starts (5) starts.
// The load generators (autocannon, the savers, the editors) run in child processes, so this
// process's CPU is the server's alone. `npm run bench:floors` builds dist/ first (for start).
import { type ChildProcess, fork, spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Server as HocuspocusServer } from "@hocuspocus/server";
import { getTableColumns, sql } from "drizzle-orm";
import Fastify from "fastify";
import { jwtVerify } from "jose";
import type * as Y from "yjs";
import { exitOf, freePort, freshDataDir, spawnServer } from "../e2e/support/server.js";
import { buildApp } from "../src/server/app.js";
import type { Collab } from "../src/server/collab/server.js";
import { ydocFromContent } from "../src/server/collab/ydoc.js";
import { loadConfig } from "../src/server/config.js";
import { type Database, type Db, documents, openDatabase } from "../src/server/db/index.js";
import { checkContent } from "../src/server/documents/content.js";
import { createTestUser, type TestUser } from "../src/server/test/harness.js";
import { chapter } from "./lib/chapter.js";
import { pgBackendCpu } from "./lib/pg-backend-cpu.js";
import { arg, machineLine } from "./lib/stats.js";

const ROUNDS = Number(arg("rounds", "3"));
/** Seconds per A or B slot of the HTTP rows. */
const SECONDS = Number(arg("seconds", "4"));
const CONNECTIONS = Number(arg("connections", "20"));
const SAVERS = Number(arg("savers", "8"));
const EDITORS = Number(arg("editors", "50"));
const COLLAB_SECONDS = Number(arg("collab-seconds", "8"));
const OPEN_DOCS = Number(arg("docs", "60"));
const START_SAMPLES = Number(arg("starts", "5"));
const ROWS = new Set(arg("rows", "read,br,save-pg,save-pglite,collab,memory,start").split(","));
const JWT_SECRET = "f".repeat(48);

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");
const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

interface Row {
  path: string;
  unit: string;
  app: number[];
  floor: number[];
  floorName: string;
  goal: string;
  loads: string[];
  note?: string;
}
const rows: Row[] = [];

/** A row's slots: A then B, ROUNDS times, each slot answering its figure; the load is noted per round. */
async function interleave(row: Omit<Row, "app" | "floor" | "loads">, a: () => Promise<number>, b: () => Promise<number>) {
  const r: Row = { ...row, app: [], floor: [], loads: [] };
  for (let i = 0; i < ROUNDS; i++) {
    r.loads.push(os.loadavg()[0]!.toFixed(1));
    r.app.push(await a());
    r.floor.push(await b());
  }
  rows.push(r);
  console.log(
    `  ${r.path}: app ${r.app.map((v) => v.toFixed(3)).join(", ")} ${r.unit}; floor ${r.floor.map((v) => v.toFixed(3)).join(", ")}; load ${r.loads.join(", ")}`,
  );
}

/** Server CPU (ms) per request for `seconds` of autocannon in a child process; `extra` adds the PostgreSQL backends' CPU. */
async function hammer(url: string, headers: Record<string, string>, seconds = SECONDS): Promise<number> {
  const bin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
  const args = [bin, "-j", "-c", String(CONNECTIONS), "-d", String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const before = cpuNow();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const used = cpuNow() - before;
  if (code !== 0) throw new Error(`autocannon exited ${code}`);
  const r = JSON.parse(out) as { requests: { total: number }; non2xx: number };
  if (r.non2xx > 0) throw new Error(`${url}: ${r.non2xx} answers were not 2xx`);
  // None answered in the slot (a starved machine): no figure rather than a division by zero.
  return r.requests.total > 0 ? used / r.requests.total : Number.NaN;
}

function productionConfig(dataDir: string, databaseUrl?: string, logLevel = "silent") {
  return loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: logLevel,
    DATA_DIR: dataDir,
    JWT_SECRET,
    PUBLIC_URL: "http://127.0.0.1:3000",
    PAYMENTS: "test",
    AUTH_AUTOCONFIRM: "true",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

// ---- reads -------------------------------------------------------------------------------

async function readRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-floors-read-"));
  const config = productionConfig(dataDir);
  const database = await openDatabase({ dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createTestUser({ ctx });
  const created = await fetch(`${url}/api/documents`, {
    method: "POST",
    headers: { "content-type": "application/json", ...user.headers },
    body: JSON.stringify({ title: "Floors", content: chapter(27_000) }),
  });
  const doc = (await created.json()) as { id: string };
  // The bare server sends exactly the app's answer, verified as the app verifies the token.
  const answer = await (await fetch(`${url}/api/documents/${doc.id}`, { headers: user.headers })).text();
  const brotli = zlib.brotliCompressSync(answer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
  const key = new TextEncoder().encode(JWT_SECRET);
  const bare = Fastify({ logger: false });
  bare.get("/doc", async (req, reply) => {
    const token = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
    await jwtVerify(token, key, { algorithms: ["HS256"], issuer: ctx.jwt.issuer, audience: "authenticated" });
    reply.header("content-type", "application/json; charset=utf-8");
    if (String(req.headers["accept-encoding"] ?? "").includes("br")) return reply.header("content-encoding", "br").send(brotli);
    return reply.send(answer);
  });
  const bareUrl = await bare.listen({ port: 0, host: "127.0.0.1" });
  const kb = (Buffer.byteLength(answer) / 1024).toFixed(1);
  // Warm both up (JIT, caches) before counting.
  await hammer(`${url}/api/documents/${doc.id}`, user.headers, 1);
  await hammer(`${bareUrl}/doc`, user.headers, 1);
  if (ROWS.has("read")) {
    await interleave(
      { path: `authenticated ${kb} KB read, uncompressed`, unit: "ms CPU/request", floorName: "Fastify 5 + jose, body from memory", goal: "≤ 1.5×" },
      () => hammer(`${url}/api/documents/${doc.id}`, user.headers),
      () => hammer(`${bareUrl}/doc`, user.headers),
    );
  }
  if (ROWS.has("br")) {
    const br = { ...user.headers, "accept-encoding": "br" };
    await interleave(
      { path: "same read, br as a browser asks", unit: "ms CPU/request", floorName: "bare, compressing once and keeping it", goal: "≤ 1.5×" },
      () => hammer(`${url}/api/documents/${doc.id}`, br),
      () => hammer(`${bareUrl}/doc`, br),
    );
  }
  await bare.close();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- saves -------------------------------------------------------------------------------

// The UPDATE a save ends in (prepareOwnerSave in src/server/documents/save.ts), as plain SQL,
// the same statement bench:save sends for its raw-driver rounds.
const { content: _content, textContent: _text, ...returnedColumns } = getTableColumns(documents);
const RAW_UPDATE = `UPDATE documents SET content = $1::jsonb, text_content = $2, word_count = $3::int, title = coalesce($4, title),
  version = version + 1, updated_at = $5::timestamptz
  WHERE id = $6 AND user_id = $7 AND version = $8
    AND co_edited = false AND deleted_at IS NULL
  RETURNING ${Object.values(returnedColumns)
    .map((c) => c.name)
    .join(", ")}`;

/** bench:save's ~27 KB document: 60 paragraphs with a marker each save changes. */
function saveDocument(): string {
  const sentence = "The quick brown fox jumps over the lazy dog while the writer keeps on drafting the chapter. ";
  const paragraphs = Array.from({ length: 60 }, (_, i) => ({
    type: "paragraph",
    content: [{ type: "text", text: `${i === 0 ? "__EDIT__ " : ""}${sentence.repeat(4)}` }],
  }));
  return JSON.stringify({ type: "doc", content: paragraphs });
}

/** bench/lib/save-editors.mjs in a child process, driven over IPC. */
function saveGenerator(job: object) {
  const child: ChildProcess = fork(new URL("./lib/save-editors.mjs", import.meta.url), [], { execArgv: [], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  const ask = (msg: object, answer: string) =>
    new Promise<any>((resolve, reject) => {
      const onMessage = (m: { type: string; message?: string }) => {
        if (m.type !== answer && m.type !== "error") return;
        child.off("message", onMessage);
        if (m.type === "error") reject(new Error(`save generator: ${m.message}`));
        else resolve(m);
      };
      child.on("message", onMessage);
      child.send(msg);
    });
  return { ready: ask({ type: "init", job }, "ready"), ask };
}

async function saveRow(kind: "pglite" | "postgres") {
  const databaseUrl = kind === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  if (kind === "postgres" && !databaseUrl) {
    console.log("  autosave PATCH, PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL to a throwaway database)");
    return;
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-floors-save-"));
  // As in production and bench:save: the request log at info, one synchronous write per line to a file.
  const config = productionConfig(dataDir, databaseUrl, "info");
  const database: Database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const logFd = fs.openSync(path.join(dataDir, "server.log"), "a");
  const logger = { stream: { write: (line: string) => void fs.writeSync(logFd, line) } };
  const { app, ctx } = await buildApp({ config, database, logger, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const text = saveDocument();
  const user: TestUser = await createTestUser({ ctx }, { plan: "professional" });
  const editors: { id: string; token: string; userId: string; version: number }[] = [];
  for (let i = 0; i < SAVERS; i++) {
    const res = await fetch(`${url}/api/documents`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ title: `Floors ${i}`, content: text.replace("__EDIT__", "edit 0") }),
    });
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
    const doc = (await res.json()) as { id: string; version: number };
    editors.push({ id: doc.id, token: user.token, userId: user.id, version: doc.version });
  }
  // One realtime socket following the documents, as a dashboard does: each save publishes to it.
  const generator = saveGenerator({ url, origin: config.publicOrigin, baseText: text, editors, subscribers: [{ token: user.token, documentIds: editors.map((e) => e.id) }] });
  await generator.ready;
  const stored = checkContent(text);
  const meter = async () => {
    const start = cpuNow();
    const backends = database.driver === "postgres" ? await pgBackendCpu(database.sql) : null;
    return async () => cpuNow() - start + (backends ? await backends() : 0);
  };
  let n = 0;
  const raw = async (seconds = SECONDS) => {
    const stop = await meter();
    let done = 0;
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      editors.map(async (target) => {
        while (performance.now() < end) {
          const mark = `raw ${n++}`;
          const updated = await database.sql.query<{ version: number }>(RAW_UPDATE, [
            stored.json.replace("__EDIT__", mark),
            stored.text.replace("__EDIT__", mark),
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
    return (await stop()) / done;
  };
  const whole = async (seconds = SECONDS) => {
    const stop = await meter();
    const r = await generator.ask({ type: "saturate", seconds, concurrency: SAVERS, versions: Object.fromEntries(editors.map((e) => [e.id, e.version])) }, "result");
    const used = await stop();
    for (const e of editors) e.version = r.versions[e.id] ?? e.version;
    if (r.errors > 0) throw new Error(`${r.errors} saves failed`);
    return used / r.done;
  };
  await raw(1);
  await whole(1);
  const name = kind === "postgres" ? "PostgreSQL" : "PGlite";
  await interleave(
    {
      path: `autosave PATCH, ${name}${kind === "postgres" ? " (app + backend CPU)" : ""}`,
      unit: "ms CPU/save",
      floorName: kind === "postgres" ? "the same UPDATE via postgres.js (+ backend CPU)" : "the same UPDATE, prepared statement in PGlite",
      goal: kind === "postgres" ? "≤ 1.2×" : "≤ 1.15×",
    },
    () => whole(),
    () => raw(),
  );
  await generator.ask({ type: "finish" }, "finished");
  await app.close();
  await database.close();
  fs.closeSync(logFd);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- live co-editing -----------------------------------------------------------------------

/** bench/lib/collab-clients.ts in a child process; answers the server's CPU (ms) per keystroke while they typed, and how many keystrokes were sent. */
function typeInto(url: string, documentId: string, token: string): Promise<number> {
  return typeCounted(url, documentId, token).then((r) => r.cpuPerKey);
}

/** The update log's rows written so far (its id sequence: stores delete rows, not ids). */
async function logRowsWritten(db: Db): Promise<number> {
  const result = (await db.execute(sql`SELECT last_value, is_called FROM document_updates_id_seq`)) as unknown as { rows: { last_value: string; is_called: boolean }[] };
  const row = result.rows[0]!;
  return row.is_called ? Number(row.last_value) : 0;
}

/** `rowsWritten`, when given, is read as the typing starts and ends: `rows` is the difference. */
function typeCounted(url: string, documentId: string, token: string, rowsWritten?: () => Promise<number>): Promise<{ cpuPerKey: number; sent: number; rows: number }> {
  return new Promise((resolve, reject) => {
    const job = { url, documentIds: [documentId], token, editorsPerDocument: EDITORS, seconds: COLLAB_SECONDS, keysPerSecond: 5 };
    const child = spawn(process.execPath, ["--import", "tsx", path.join(import.meta.dirname, "lib", "collab-clients.ts"), JSON.stringify(job)], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let out = "";
    let start: number | null = null;
    let used = 0;
    let rowsAtStart: Promise<number> = Promise.resolve(0);
    let rowsAtEnd: Promise<number> = Promise.resolve(0);
    child.stdout.on("data", (d) => {
      out += d;
      // The editors are in: they start typing on GO.
      if (out.includes("READY\n") && child.stdin.writable) child.stdin.end("GO\n");
      if (start === null && out.includes("TYPING\n")) {
        start = cpuNow();
        if (rowsWritten) rowsAtStart = rowsWritten();
      }
      if (start !== null && !used && out.includes("DONE\n")) {
        used = cpuNow() - start;
        if (rowsWritten) rowsAtEnd = rowsWritten();
      }
    });
    child.on("exit", (code) => {
      if (code !== 0) return reject(new Error(`editors exited ${code}`));
      const { sent } = JSON.parse(out.trim().split("\n").at(-1)!) as { sent: number };
      Promise.all([rowsAtStart, rowsAtEnd]).then(([a, b]) => resolve({ cpuPerKey: used / sent, sent, rows: b - a }), reject);
    });
  });
}

/** Bare Hocuspocus 3: no authentication, storage or review; documents loaded from `load` when given. */
async function bareHocuspocus(load?: () => Y.Doc) {
  const server = new HocuspocusServer({ quiet: true, ...(load ? { onLoadDocument: async () => load() } : {}) });
  const port = await freePort();
  await server.listen(port);
  return { server, url: `http://127.0.0.1:${port}` };
}

async function collabRows() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-floors-collab-"));
  const config = productionConfig(dataDir);
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
  if (ROWS.has("collab")) {
    const bare = await bareHocuspocus();
    let round = 0;
    // The app writes each change to the update log before acknowledging it; changes that
    // arrive while a write is under way share the next one, so the rows per keystroke (and
    // with them the app's CPU) fall as the server gets busier: printed for each round.
    const rowsPerKey: string[] = [];
    await interleave(
      { path: `co-editing, ${EDITORS} editors, CPU per keystroke`, unit: "ms CPU/keystroke", floorName: "bare Hocuspocus 3", goal: "keep ≤ 1×" },
      async () => {
        const { cpuPerKey, sent, rows } = await typeCounted(url, (await create()).id, user.token, () => logRowsWritten(ctx.db));
        rowsPerKey.push((rows / sent).toFixed(2));
        return cpuPerKey;
      },
      async () => typeInto(bare.url, `bare-${round++}`, "none"),
    );
    console.log(`  update-log rows written per keystroke (app): ${rowsPerKey.join(", ")}`);
    await bare.server.destroy();
  }
  if (ROWS.has("memory")) {
    const gc = (globalThis as { gc?: () => void }).gc;
    if (!gc) throw new Error("the memory row needs node --expose-gc (npm run bench:floors sets it)");
    const content = chapter(27_000);
    const ids: string[] = [];
    for (let i = 0; i < OPEN_DOCS * ROUNDS; i++) ids.push((await create(content)).id);
    const bare = await bareHocuspocus(() => ydocFromContent(content as never));
    // Each slot's documents are unloaded before the next slot measures: a document still
    // unloading would free its heap inside the next slot's window and cancel its growth out.
    const heapPerDoc = async (open: (i: number) => Promise<{ disconnect: () => Promise<void>; document: unknown }>, hocuspocus: Collab["hocuspocus"]) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      const connections = [];
      for (let i = 0; i < OPEN_DOCS; i++) connections.push(await open(i));
      gc();
      const per = (process.memoryUsage().heapUsed - before) / OPEN_DOCS / 1024;
      for (const c of connections) {
        const doc = c.document as Parameters<Collab["hocuspocus"]["unloadDocument"]>[0] | null;
        await c.disconnect();
        if (doc) await hocuspocus.unloadDocument(doc).catch(() => {});
      }
      await settled(hocuspocus);
      return per;
    };
    /**
     * Waits until no document is open and the heap after a collection stops shrinking: the
     * app's unload stores each document and forgets it in later turns, and memory freed inside
     * the next slot's window would cancel that slot's growth out (rounds 2 and 3 read 2 KB).
     */
    const settled = async (hocuspocus: Collab["hocuspocus"]) => {
      const deadline = Date.now() + 30_000;
      while (hocuspocus.getDocumentsCount() > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      let last = Number.POSITIVE_INFINITY;
      for (;;) {
        gc();
        const now = process.memoryUsage().heapUsed;
        if (last - now < 64 * 1024 || Date.now() > deadline) return;
        last = now;
        await new Promise((r) => setTimeout(r, 250));
      }
    };
    let appRound = 0;
    let bareRound = 0;
    await interleave(
      { path: "memory per open 27 KB document (heap)", unit: "KB", floorName: "bare Hocuspocus 3 holding the same Yjs document", goal: "keep" },
      () => {
        const base = OPEN_DOCS * appRound++;
        return heapPerDoc((i) => collab.hocuspocus.openDirectConnection(ids[base + i]!, {}), collab.hocuspocus);
      },
      () => {
        const base = OPEN_DOCS * bareRound++;
        return heapPerDoc((i) => bare.server.hocuspocus.openDirectConnection(`bare-memory-${base + i}`, {}), bare.server.hocuspocus);
      },
    );
    await bare.server.destroy();
  }
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- start ---------------------------------------------------------------------------------

/** Polls `url` every 5 ms until it answers 200; the wall time since `t0`. */
async function firstOk(url: string, t0: number, proc: ChildProcess): Promise<number> {
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode})`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

// What the floor's process does: open PGlite on the directory, SELECT 1, say so.
const PGLITE_OPEN = `import { PGlite } from "@electric-sql/pglite";
const pg = await PGlite.create(process.env.DATA_DIR);
await pg.query("SELECT 1");
process.stdout.write("READY\\n");
process.stdin.resume();
process.stdin.on("end", async () => { await pg.close(); process.exit(0); });`;

async function startRow() {
  if (!fs.existsSync(path.resolve("dist/server/main.js"))) throw new Error("dist/ is not built: run `npm run bench:floors`, which builds first");
  const dataDir = freshDataDir();
  const env = (port: number) => ({ PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, AUTH_AUTOCONFIRM: "true", PAYMENTS: "disabled", NODE_ENV: "production", LOG_LEVEL: "warn" });
  const stop = async (proc: ChildProcess) => {
    const exited = exitOf(proc);
    proc.kill("SIGTERM");
    await exited;
  };
  // One start makes the data directory (migrations, the template), so later ones find it existing.
  {
    const port = await freePort();
    const { proc } = spawnServer(env(port));
    await firstOk(`http://127.0.0.1:${port}/api/health`, performance.now(), proc);
    await stop(proc);
  }
  const appStart = async () => {
    const port = await freePort();
    const t0 = performance.now();
    const { proc } = spawnServer(env(port));
    const took = await firstOk(`http://127.0.0.1:${port}/api/health`, t0, proc);
    await stop(proc);
    return took;
  };
  const floorStart = async () => {
    const t0 = performance.now();
    const proc = spawn(process.execPath, ["--input-type=module", "-e", PGLITE_OPEN], { env: { ...process.env, DATA_DIR: dataDir }, stdio: ["pipe", "pipe", "inherit"] });
    const took = await new Promise<number>((resolve, reject) => {
      let out = "";
      proc.stdout!.on("data", (d) => {
        out += d;
        if (out.includes("READY\n")) resolve(performance.now() - t0);
      });
      proc.on("exit", (code) => reject(new Error(`PGlite process exited ${code}`)));
    });
    const exited = exitOf(proc);
    proc.stdin!.end();
    await exited;
    return took;
  };
  // One start is one wall-clock sample on a shared machine (1.18–1.48× across three rounds,
  // 2026-11-28): each slot is the median of START_SAMPLES starts in a row, the app's then the floor's.
  const median = async (start: () => Promise<number>) => {
    const took: number[] = [];
    for (let i = 0; i < START_SAMPLES; i++) took.push(await start());
    return took.sort((x, y) => x - y)[Math.floor(took.length / 2)]!;
  };
  await interleave(
    { path: "start to first health 200, existing data dir", unit: "ms wall", floorName: `a process opening PGlite + SELECT 1; median of ${START_SAMPLES} starts per slot`, goal: "≤ 1.25×" },
    () => median(appStart),
    () => median(floorStart),
  );
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// ---- the table -----------------------------------------------------------------------------

async function main() {
  console.log(`bench:floors — ${ROUNDS} rounds, app (A) and floor (B) alternating`);
  console.log(machineLine());
  console.log(`host: ${os.hostname()}; load average at the start ${load()}`);
  if (ROWS.has("read") || ROWS.has("br")) await readRows();
  if (ROWS.has("save-pg")) await saveRow("postgres");
  if (ROWS.has("save-pglite")) await saveRow("pglite");
  if (ROWS.has("collab") || ROWS.has("memory")) await collabRows();
  if (ROWS.has("start")) await startRow();
  console.log(`\nload average at the end ${load()}; ${machineLine()}`);
  console.log("\n| path | app | bare floor | ratio (pooled; by round) | goal | load (1 min) per round |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows) {
    // Pooled: the mean of A over the mean of B; by round: each A against the B just after it.
    const both = r.app.map((a, i) => [a, r.floor[i]!]).filter(([a, b]) => Number.isFinite(a) && Number.isFinite(b));
    const pooled = sum(both.map(([a]) => a!)) / sum(both.map(([, b]) => b!));
    const byRound = r.app.map((a, i) => a / r.floor[i]!);
    const fmt = (v: number) => (r.unit.startsWith("ms wall") || r.unit === "KB" ? v.toFixed(0) : v.toFixed(3));
    console.log(
      `| ${r.path} | ${fmt(median(r.app))} ${r.unit} | ${fmt(median(r.floor))} (${r.floorName}) | ${pooled.toFixed(2)}×; ${byRound.map((v) => v.toFixed(2)).join(", ")} | ${r.goal} | ${r.loads.join(", ")} |`,
    );
  }
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
