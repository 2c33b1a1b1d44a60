// bench:start — how long until an already built app answers:
//   - warm: on a data directory that already holds an account and documents (budget ≤ 1.0 s);
//   - cold: on a new, empty data directory, as at an install's first start (budget ≤ 5 s).
// Measures, each several times:
//   - the server process: `node dist/server/main.js` spawned → first 200 from /api/health
//     (which reads the database) and first 200 from GET / (the app's page), warm and cold;
//   - the whole `npm start` command (scripts/start.mjs: staleness check, server bundle,
//     then the same server), spawned → first 200 from /api/health, warm.
// Each phase prints the load average before and after it and the host's steal over it
// (from /proc/stat): on a shared 2-core machine both move every figure.
// Prints figures; never fails on time. `npm run bench:start` builds first.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { signUpViaApi } from "../e2e/support/auth.js";
import { exitOf, freePort, freshDataDir, spawnServer, waitForHealth } from "../e2e/support/server.js";
import { arg, machineLine, ms, stealMeter, summarize } from "./lib/stats.js";

const RUNS = Number(arg("runs", "5"));
const ACCOUNTS = Number(arg("accounts", "50"));
/** A free account holds three documents. */
const DOCS_PER_ACCOUNT = 3;

function env(port: number, dataDir: string) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    AUTH_AUTOCONFIRM: "true",
    // Production refuses to start without a payments setting; nothing is sold here.
    PAYMENTS: "disabled",
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
  };
}

/** Polls `url` every 5 ms until it answers 200; returns the time since `t0`. */
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

async function stop(proc: ChildProcess) {
  const exited = exitOf(proc);
  proc.kill("SIGTERM");
  await exited;
}

/** A data directory with ACCOUNTS accounts of three documents each, closed cleanly. */
async function seed(): Promise<string> {
  const dataDir = freshDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { proc, output } = spawnServer(env(port, dataDir));
  let session: Awaited<ReturnType<typeof signUpViaApi>> | undefined;
  try {
    await waitForHealth(url, proc, output, 120_000);
    const content = JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "A chapter. ".repeat(400) }] }] });
    for (let i = 0; i < ACCOUNTS * DOCS_PER_ACCOUNT; i++) {
      if (i % DOCS_PER_ACCOUNT === 0) session = await signUpViaApi(url);
      const res = await fetch(`${url}/api/documents`, {
        method: "POST",
        headers: { authorization: `Bearer ${session!.access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ title: `Document ${i + 1}`, content }),
      });
      if (res.status !== 201) throw new Error(`seeding failed: ${res.status}`);
    }
  } finally {
    await stop(proc);
  }
  return dataDir;
}

const loadNow = () => os.loadavg().map((l) => l.toFixed(2)).join(" ");

/** Runs `measure` and tells the load average before and after it and the host's steal over it. */
async function phase<T>(measure: () => Promise<T>): Promise<{ result: T; conditions: string }> {
  const before = loadNow();
  const steal = stealMeter();
  const result = await measure();
  return { result, conditions: `load average ${before} before, ${loadNow()} after; ${steal()}` };
}

/** Starts the server RUNS times on the data directory `dataDirFor(i)` gives; times to /api/health and GET /. */
async function serverStarts(dataDirFor: (run: number) => string) {
  const health: number[] = [];
  const page: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const dataDir = dataDirFor(i);
    const port = await freePort();
    const t0 = performance.now();
    const { proc } = spawnServer(env(port, dataDir));
    health.push(await firstOk(`http://127.0.0.1:${port}/api/health`, t0, proc));
    page.push(await firstOk(`http://127.0.0.1:${port}/`, t0, proc));
    await stop(proc);
  }
  return { health, page };
}

async function main() {
  const dataDir = await seed();
  const warm = await phase(() => serverStarts(() => dataDir));
  const npmStart = await phase(async () => {
    const whole: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const port = await freePort();
      const t0 = performance.now();
      const proc = spawn(process.execPath, [path.resolve("scripts/start.mjs")], { env: { ...process.env, ...env(port, dataDir) }, stdio: "ignore" });
      whole.push(await firstOk(`http://127.0.0.1:${port}/api/health`, t0, proc));
      await stop(proc);
    }
    return whole;
  });
  const coldDirs: string[] = [];
  const cold = await phase(() =>
    serverStarts(() => {
      const dir = freshDataDir();
      coldDirs.push(dir);
      return dir;
    }),
  );
  for (const dir of coldDirs) fs.rmSync(dir, { recursive: true, force: true });
  const bytes = fs.readdirSync(dataDir, { recursive: true }).reduce<number>((sum, f) => {
    const stat = fs.statSync(path.join(dataDir, String(f)));
    return sum + (stat.isFile() ? stat.size : 0);
  }, 0);
  fs.rmSync(dataDir, { recursive: true, force: true });

  const line = (label: string, values: number[]) => {
    const s = summarize(values);
    return `  ${label}: median ${ms(s.p50)}, max ${ms(s.max)} (${values.map((v) => v.toFixed(0)).join(", ")} ms)`;
  };
  console.log("bench:start — app already built; warm: existing data directory; cold: new, empty data directory");
  console.log(machineLine());
  console.log(`warm data directory: PGlite, ${ACCOUNTS} accounts, ${ACCOUNTS * DOCS_PER_ACCOUNT} documents, ${(bytes / 2 ** 20).toFixed(1)} MB; ${RUNS} starts each`);
  console.log(`warm (budget ≤ 1.0 s): ${warm.conditions}`);
  console.log(line("node dist/server/main.js → /api/health 200", warm.result.health));
  console.log(line("node dist/server/main.js → GET / 200", warm.result.page));
  console.log(`warm, whole command: ${npmStart.conditions}`);
  console.log(line("npm start (scripts/start.mjs) → /api/health 200", npmStart.result));
  console.log(`cold (budget ≤ 5 s): ${cold.conditions}`);
  console.log(line("node dist/server/main.js → /api/health 200", cold.result.health));
  console.log(line("node dist/server/main.js → GET / 200", cold.result.page));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
