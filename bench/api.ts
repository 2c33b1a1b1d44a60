// bench:api — autocannon against the authenticated GET /api/documents/:id and the bare
// liveness route in the same run, so the cost of auth + a scoped read is a ratio.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { arg, machineLine } from "./lib/stats.js";

const SECONDS = Number(arg("seconds", "10"));
const CONNECTIONS = Number(arg("connections", "50"));
const DB = arg("db", "pglite");

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-api-"));
  const databaseUrl = DB === "postgres" ? (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) : undefined;
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "y".repeat(48), PAYMENTS: "test", AUTH_AUTOCONFIRM: "true", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: config.DATABASE_POOL_SIZE });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  const url = await app.listen({ port: 0, host: "127.0.0.1" });
  const user = await createTestUser({ ctx });
  const created = await fetch(`${url}/api/documents`, {
    method: "POST",
    headers: { "content-type": "application/json", ...user.headers },
    body: JSON.stringify({ title: "Bench", content: { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Hello ".repeat(200) }] }] } }),
  });
  const doc = (await created.json()) as { id: string };

  const health = await run({ url: `${url}/api/health/live`, connections: CONNECTIONS, duration: SECONDS });
  const read = await run({ url: `${url}/api/documents/${doc.id}`, connections: CONNECTIONS, duration: SECONDS, headers: user.headers });

  console.log("bench:api");
  console.log(machineLine());
  console.log(`database: ${DB === "postgres" ? "PostgreSQL" : "PGlite"}; ${CONNECTIONS} connections, ${SECONDS} s each, load generator in the same process`);
  const line = (name: string, r: autocannon.Result) =>
    `${name}: ${r.requests.average.toFixed(0)} req/s, latency p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`;
  console.log(line("GET /api/health/live", health));
  console.log(line("GET /api/documents/:id (authenticated)", read));
  console.log(`authenticated read / bare route: ${(read.requests.average / health.requests.average).toFixed(2)}`);
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
