// Starts the built app (dist/server/main.js) on a free port with a fresh data directory,
// exactly as `npm start` would run it, and stops it again.
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../src/server/test/net.js";

export { freePort };

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  proc: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-e2e-"));
}

/** How long a stopped server may take to shut down before it is killed. */
const STOP_GRACE_MS = 60_000;

export function spawnServer(env: Record<string, string>): { proc: ChildProcess; output: () => string } {
  let out = "";
  const main = path.resolve(process.env.DRAFTSMITH_DIST ?? "dist", "server", "main.js");
  const proc = spawn(process.execPath, [main], {
    env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => {
    out += d;
  });
  proc.stderr!.on("data", (d) => {
    out += d;
  });
  return { proc, output: () => out };
}

export async function waitForHealth(url: string, proc: ChildProcess, output: () => string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`server exited early (${proc.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

export function exitOf(proc: ChildProcess): Promise<number | null> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc.exitCode);
  return new Promise((resolve) => proc.once("exit", (code) => resolve(code)));
}

export async function startServer(
  opts: { env?: Record<string, string>; dataDir?: string; /** Health wait; raise it on a loaded machine. */ startTimeoutMs?: number } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? freshDataDir();
  // Files run in parallel workers, each starting its own servers: a port found free can be
  // taken by another worker's server before this one binds it. That start is retried on a
  // new port (the server exits at once with EADDRINUSE, before it serves anything).
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const { proc, output } = spawnServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_AUTOCONFIRM: "true",
      ...opts.env,
    });
    try {
      await waitForHealth(url, proc, output, opts.startTimeoutMs);
    } catch (err) {
      if (attempt < 3 && output().includes("EADDRINUSE")) {
        await exitOf(proc);
        continue;
      }
      proc.kill("SIGKILL");
      throw err;
    }
    return {
      url,
      port,
      dataDir,
      proc,
      output,
      async stop(signal: NodeJS.Signals = "SIGTERM") {
        const exited = exitOf(proc);
        proc.kill(signal);
        // A server that does not finish shutting down is killed, rather than left running after
        // the tests (the hook calling this would time out and leave it).
        const timer = setTimeout(() => proc.kill("SIGKILL"), STOP_GRACE_MS);
        try {
          return await exited;
        } finally {
          clearTimeout(timer);
        }
      },
    };
  }
}
