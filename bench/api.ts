// bench:api — the server's CPU per request for an authenticated read of a 27 KB document,
// against GET /api/health (which pings the database), so the figure is a cost that does not
// depend on what else runs on the machine. The load generator (autocannon) runs in its own
// process; process.cpuUsage() here is the server's alone (its database thread included), and
// on PostgreSQL (--db postgres, BENCH_DATABASE_URL) the CPU of its database backends is added.
// --routes health,read,br picks what runs (one alone is handy under node --cpu-prof).
// Throughput and latency are printed too, with the load average and host steal beside them.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { chapter } from "./lib/chapter.js";
import { pgBackendCpu } from "./lib/pg-backend-cpu.js";
import { arg, machineLine, stealMeter } from "./lib/stats.js";
import { threadCpu, threadCpuSince } from "./lib/thread-cpu.js";

const SECONDS = Number(arg("seconds", "10"));
const CONNECTIONS = Number(arg("connections", "20"));
const DB = arg("db", "pglite");
/** Which routes to run (comma-separated: health, read, br); one alone is handy under --cpu-prof. */
const ROUTES = new Set(arg("routes", "health,read,br").split(","));
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

interface Run {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  bytes: number;
  cpuMs: number;
  /** Of cpuMs, what PostgreSQL's backends used (0 on PGlite, whose thread is in threads). */
  backendMs: number;
  /** ms of CPU per thread id of this process while the route ran. */
  threads: Map<number, number>;
}

/**
 * Runs autocannon in a child process and measures this process's CPU meanwhile (and, on
 * PostgreSQL, the CPU of the backends serving the bench's database).
 */
async function hammer(url: string, headers: Record<string, string>, backends: (() => Promise<() => Promise<number>>) | null): Promise<Run> {
  const bin = createRequire(import.meta.url).resolve("autocannon/autocannon.js");
  const args = [bin, "-j", "-c", String(CONNECTIONS), "-d", String(SECONDS)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const backendMeter = backends ? await backends() : null;
  const cpuAtStart = process.cpuUsage();
  const threadsAtStart = threadCpu();
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "ignore"] });
  let out = "";
  child.stdout.on("data", (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  const used = process.cpuUsage(cpuAtStart);
  const threads = threadCpuSince(threadsAtStart);
  const backendMs = backendMeter ? await backendMeter() : 0;
  if (code !== 0) throw new Error(`autocannon exited ${code}`);
  const r = JSON.parse(out) as {
    requests: { total: number; average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    throughput: { total: number };
  };
  return {
    requests: r.requests.total,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    bytes: r.throughput.total,
    cpuMs: (used.user + used.system) / 1000 + backendMs,
    backendMs,
    threads,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-api-"));
  const databaseUrl = DB === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "y".repeat(48), PAYMENTS: "test", AUTH_AUTOCONFIRM: "true", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createTestUser({ ctx });
  const content = chapter(27_000);
  const created = await fetch(`${url}/api/documents`, {
    method: "POST",
    headers: { "content-type": "application/json", ...user.headers },
    body: JSON.stringify({ title: "Bench", content }),
  });
  const doc = (await created.json()) as { id: string };
  const jsonBytes = Buffer.byteLength(JSON.stringify(content));

  console.log("bench:api");
  console.log(machineLine());
  console.log(`database: ${DB === "postgres" ? "PostgreSQL" : "PGlite"}; ${CONNECTIONS} connections, ${SECONDS} s each; load generator in its own process`);
  const steal = stealMeter();
  const loadBefore = load();
  const backends = database.driver === "postgres" ? () => pgBackendCpu(database.sql) : null;
  const skipped: Run = { requests: 0, rps: 0, p50: 0, p99: 0, non2xx: 0, bytes: 0, cpuMs: Number.NaN, backendMs: 0, threads: new Map() };
  const health = ROUTES.has("health") ? await hammer(`${url}/api/health`, {}, backends) : skipped;
  const read = ROUTES.has("read") ? await hammer(`${url}/api/documents/${doc.id}`, user.headers, backends) : skipped;
  // What a browser asks for: the same read, brotli-compressed on the way out.
  const readBr = ROUTES.has("br") ? await hammer(`${url}/api/documents/${doc.id}`, { ...user.headers, "accept-encoding": "br" }, backends) : skipped;
  const cpuPer = (r: Run) => r.cpuMs / r.requests;
  // Node names every thread "node": the main thread has the process's id, the embedded
  // database's is the busiest of the others.
  const byThread = (r: Run) => {
    const per = (ms: number) => (ms / r.requests).toFixed(3);
    const main = r.threads.get(process.pid) ?? 0;
    const others = [...r.threads].filter(([tid]) => tid !== process.pid).map(([, ms]) => ms).sort((a, b) => b - a);
    if (database.driver === "postgres") return `main ${per(main)}, other threads ${per(others.reduce((a, b) => a + b, 0))}, database backends ${per(r.backendMs)}`;
    return `main ${per(main)}, database ${per(others[0] ?? 0)}, other threads ${per(others.slice(1).reduce((a, b) => a + b, 0))}`;
  };
  const line = (name: string, r: Run) =>
    `${name}: server CPU ${cpuPer(r).toFixed(3)} ms per request (${byThread(r)}); ${r.rps.toFixed(0)} req/s, latency p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, ${(r.bytes / r.requests / 1024).toFixed(1)} KB per answer`;
  console.log(`load average before ${loadBefore}, after ${load()}; ${steal()}`);
  console.log(line("GET /api/health (database ping)", health));
  console.log(line(`GET /api/documents/:id (authenticated, ${(jsonBytes / 1024).toFixed(0)} KB of content JSON)`, read));
  console.log(line("the same read with accept-encoding: br", readBr));
  console.log(`read / health, CPU per request: ${(cpuPer(read) / cpuPer(health)).toFixed(2)} (goal ≤ 2); compressed read / health: ${(cpuPer(readBr) / cpuPer(health)).toFixed(2)}`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
