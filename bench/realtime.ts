// bench:realtime — two parts. (1) 1,000 WebSocket subscribers over 100 documents; documents
// are updated through the HTTP API with real content and the time from the save request to
// each subscriber's delivery is measured (p50/p99). (2) One shared document: the owner's
// save time (p50/p99) without visitors, then with 1,000 share-link visitor sockets on it.
// Subscribers run in a worker thread. Visitors connect from 127.0.0.2… (20 per address,
// the server's per-address-per-document cap), so the caps stay on and nothing leaves
// 127.0.0.0/8.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";

const SUBSCRIBERS = Number(arg("subscribers", "1000"));
const DOCUMENTS = Number(arg("documents", "100"));
const UPDATES = Number(arg("updates", "300"));
const UPDATE_INTERVAL_MS = Number(arg("interval", "20"));
const DB = arg("db", "pglite");
const VISITORS = Number(arg("visitors", "1000"));
const OWNER_SAVES = Number(arg("saves", "200"));
/** Sockets per loopback address: the server's per-address, per-document cap. */
const VISITORS_PER_ADDRESS = 20;

/** A document of about `words` words in paragraphs: what a real save sends. */
function content(words: number, seed: number) {
  const paragraphs = [];
  for (let p = 0; p < words / 50; p++) {
    const text = Array.from({ length: 50 }, (_, w) => `word${(seed + p * 50 + w) % 997}`).join(" ");
    paragraphs.push({ type: "paragraph", content: [{ type: "text", text }] });
  }
  return { type: "doc", content: paragraphs };
}

const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

function startClients(wsUrl: string, origin: string, subscribers: object[]) {
  const worker = new Worker(new URL("./lib/realtime-clients.mjs", import.meta.url), { workerData: { wsUrl, origin, subscribers } });
  const waitFor = (type: string) =>
    new Promise<any>((resolve, reject) => {
      worker.on("message", (m) => {
        if (m.type === "error") reject(new Error(m.message));
        if (m.type === type) resolve(m);
      });
    });
  return { worker, waitFor };
}

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
    const res = await fetch(`${url}/api/documents`, { method: "POST", headers: { "content-type": "application/json", ...user.headers }, body: JSON.stringify({ title: `Doc ${i}`, content: content(500, i) }) });
    const doc = (await res.json()) as { id: string; version: number };
    docs.push({ id: doc.id, token: user.token, version: doc.version });
  }
  // 50 sockets per loopback address from 127.0.0.100 on: under the per-address cap of 100.
  const subscribers = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    documentId: docs[i % DOCUMENTS]!.id,
    token: docs[i % DOCUMENTS]!.token,
    localAddress: `127.0.0.${100 + Math.floor(i / 50)}`,
  }));
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
      body: JSON.stringify({ title, content: content(500, u), version: doc.version }),
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

  // (2) The owner's saves on one shared document, without and with 1,000 visitors.
  const owner = await createTestUser({ ctx });
  const ownerHeaders = { "content-type": "application/json", ...owner.headers };
  const shared = (await (await fetch(`${url}/api/documents`, { method: "POST", headers: ownerHeaders, body: JSON.stringify({ title: "Shared", content: content(500, 0) }) })).json()) as { id: string; version: number };
  await fetch(`${url}/api/documents/${shared.id}/share`, { method: "PUT", headers: ownerHeaders, body: JSON.stringify({ isPublic: true }) });
  const shareToken = (await fetch(`${url}/api/shared/${shared.id}`)).headers.get("x-share-token")!;
  let version = shared.version;
  const ownerSaves = async (label: string) => {
    const times: number[] = [];
    for (let i = 0; i < OWNER_SAVES; i++) {
      const started = performance.now();
      const res = await fetch(`${url}/api/documents/${shared.id}`, {
        method: "PATCH",
        headers: ownerHeaders,
        body: JSON.stringify({ title: `${label}-${i}`, content: content(500, i), version }),
      });
      if (!res.ok) throw new Error(`owner save failed: ${res.status}`);
      version = ((await res.json()) as { version: number }).version;
      times.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, UPDATE_INTERVAL_MS));
    }
    return { ...summarize(times), load: load() };
  };
  const alone = await ownerSaves("alone");
  const visitors = Array.from({ length: VISITORS }, (_, i) => ({
    documentId: shared.id,
    shareToken,
    localAddress: `127.0.0.${2 + Math.floor(i / VISITORS_PER_ADDRESS)}`,
  }));
  const crowd = startClients(`${url.replace("http", "ws")}/realtime`, config.publicOrigin, visitors);
  const visitorsStart = performance.now();
  await crowd.waitFor("ready");
  const visitorsConnectMs = performance.now() - visitorsStart;
  const watched = await ownerSaves("watched");
  await new Promise((r) => setTimeout(r, 500));
  const crowdDone = crowd.waitFor("done");
  crowd.worker.postMessage("finish");
  const { arrivals: seen } = (await crowdDone) as { arrivals: { bytes: number }[] };
  console.log(`owner saves on one shared document (~500 words each, ${OWNER_SAVES} saves, one every ${UPDATE_INTERVAL_MS} ms):`);
  console.log(`  without visitors: p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}; load average ${alone.load}`);
  console.log(`  with ${VISITORS} visitors: p50 ${ms(watched.p50)}, p99 ${ms(watched.p99)}; load average ${watched.load}`);
  console.log(`  visitors connected in ${ms(visitorsConnectMs)} from ${Math.ceil(VISITORS / VISITORS_PER_ADDRESS)} loopback addresses; ${seen.length} visitor deliveries of ~${Math.round((seen[0]?.bytes ?? 0) / 1024)} KB (coalesced to at most 10 per second per document)`);
  await crowd.worker.terminate();
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
