// bench:realtime — 1,000 WebSocket subscribers over 100 documents; documents are updated
// through the HTTP API and the time from the save request to each subscriber's delivery
// is measured (p50/p99). Subscribers run in a worker thread.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/client.js";
import { createTestUser } from "../src/server/test/harness.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";

const SUBSCRIBERS = Number(arg("subscribers", "1000"));
const DOCUMENTS = Number(arg("documents", "100"));
const UPDATES = Number(arg("updates", "300"));
const UPDATE_INTERVAL_MS = Number(arg("interval", "20"));
const DB = arg("db", "pglite");

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-rt-"));
  const databaseUrl = DB === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "z".repeat(48), PUBLIC_URL: "http://127.0.0.1:3000", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });

  const docs: { id: string; token: string; version: number }[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const user = await createTestUser({ ctx });
    const res = await fetch(`${url}/api/documents`, { method: "POST", headers: { "content-type": "application/json", ...user.headers }, body: JSON.stringify({ title: `Doc ${i}` }) });
    const doc = (await res.json()) as { id: string; version: number };
    docs.push({ id: doc.id, token: user.token, version: doc.version });
  }
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => ({ documentId: docs[i % DOCUMENTS]!.id, token: docs[i % DOCUMENTS]!.token }));
  const worker = new Worker(new URL("./lib/realtime-clients.mjs", import.meta.url), {
    workerData: { wsUrl: `${url.replace("http", "ws")}/realtime`, origin: config.publicOrigin, subscribers },
  });
  const messages: any[] = [];
  const waitFor = (type: string) =>
    new Promise<any>((resolve, reject) => {
      worker.on("message", (m) => {
        messages.push(m);
        if (m.type === "error") reject(new Error(m.message));
        if (m.type === type) resolve(m);
      });
    });
  const connectStart = performance.now();
  await waitFor("ready");
  const connectMs = performance.now() - connectStart;

  const sentAt = new Map<string, number>();
  let saveErrors = 0;
  for (let u = 0; u < UPDATES; u++) {
    const doc = docs[u % DOCUMENTS]!;
    const title = `update-${u}`;
    sentAt.set(title, performance.timeOrigin + performance.now());
    const res = await fetch(`${url}/api/documents/${doc.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${doc.token}` },
      body: JSON.stringify({ title, version: doc.version }),
    });
    if (res.ok) doc.version = ((await res.json()) as { version: number }).version;
    else saveErrors++;
    await new Promise((r) => setTimeout(r, UPDATE_INTERVAL_MS));
  }
  // Let the last deliveries arrive, then collect.
  await new Promise((r) => setTimeout(r, 500));
  const done = waitFor("done");
  worker.postMessage("finish");
  const { arrivals } = (await done) as { arrivals: { title: string; at: number }[] };
  const latencies = arrivals.filter((a) => sentAt.has(a.title)).map((a) => a.at - sentAt.get(a.title)!);
  const expected = UPDATES * (SUBSCRIBERS / DOCUMENTS);
  const s = summarize(latencies);

  console.log("bench:realtime");
  console.log(machineLine());
  console.log(`database: ${DB === "postgres" ? "PostgreSQL" : "PGlite"}; ${SUBSCRIBERS} subscribers over ${DOCUMENTS} documents; ${UPDATES} updates, one every ${UPDATE_INTERVAL_MS} ms`);
  console.log(`connect + subscribe all: ${ms(connectMs)}`);
  console.log(`deliveries: ${latencies.length} of ${expected} expected; save errors ${saveErrors}`);
  console.log(`save-request-to-delivery latency: p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`);
  await worker.terminate();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
