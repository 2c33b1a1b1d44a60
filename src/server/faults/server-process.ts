// Runs the bundled server as a child process for the fault suite (kills, restarts).
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Inside the package, so the bundle resolves its external packages from node_modules.
export const faultsDist = () => path.resolve(process.env.DRAFTSMITH_DIST ?? ".dist-faults");

export async function buildServerBundle() {
  process.env.DRAFTSMITH_DIST = faultsDist();
  // @ts-expect-error: plain ESM script without types
  const { buildServer, buildDatabaseTemplate } = await import("../../../scripts/build.mjs");
  await buildServer();
  // A new data directory starts as a copy of the migrated template, as it does from `npm start`.
  buildDatabaseTemplate();
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function tempDir(prefix: string) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export async function startServerProcess(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  let out = "";
  const proc = spawn(process.execPath, [path.join(faultsDist(), "server", "main.js")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      AUTH_AUTOCONFIRM: "true",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  proc.stdout!.on("data", (d) => {
    out += d;
  });
  proc.stderr!.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`server exited (${proc.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, proc, output: () => out, exited };
}

export async function json<T = any>(res: Response): Promise<T> {
  const text = await res.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new Error(`not JSON (${res.status}): ${text.slice(0, 200)}`);
  }
}

export async function signUp(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "correct horse battery", data: { full_name: "Fault Test" } }),
  });
  const body = await json(res);
  if (!body.access_token) throw new Error(`sign-up gave no session: ${JSON.stringify(body)}`);
  return body.access_token as string;
}
