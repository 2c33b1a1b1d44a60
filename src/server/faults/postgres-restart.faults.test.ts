// On PostgreSQL, restart the database under load: requests fail cleanly (503 with an
// error body, no hang, no 500) and the app recovers by itself without a restart.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/net.js";
import { buildServerBundle, json, type ServerProcess, signUp, startServerProcess } from "./server-process.js";

const baseUrl = process.env.TEST_DATABASE_URL;
const cluster = fs.existsSync("/etc/postgresql") ? fs.readdirSync("/etc/postgresql")[0] : undefined;
const canRestart = !!baseUrl && !!cluster && process.getuid?.() === 0;

describe.skipIf(!canRestart)("PostgreSQL restart under load", () => {
  const name = `ds_restart_${crypto.randomBytes(4).toString("hex")}`;
  let server: ServerProcess | null = null;
  let token = "";

  beforeAll(async () => {
    await buildServerBundle();
    const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl!);
    url.pathname = `/${name}`;
    server = await startServerProcess({ DATABASE_URL: url.toString(), JWT_SECRET: "r".repeat(48) }, await freePort());
    token = await signUp(server.url, "restart@example.com");
  });
  afterAll(async () => {
    server?.proc.kill("SIGTERM");
    await server?.exited;
    const admin = postgres(baseUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.end();
  });

  it("answers 503 while the database is down and recovers by itself", async () => {
    const statuses: number[] = [];
    let stop = false;
    const load = Promise.all(
      Array.from({ length: 4 }, async () => {
        while (!stop) {
          const controller = AbortSignal.timeout(20_000);
          const res = await fetch(`${server!.url}/api/documents`, { headers: { authorization: `Bearer ${token}` }, signal: controller });
          const body = await json(res);
          statuses.push(res.status);
          if (res.status !== 200) expect(body).toHaveProperty("error");
          await new Promise((r) => setTimeout(r, 25));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 500));
    execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", cluster!, "main", "restart"], { stdio: "ignore" });
    // Keep the load on until requests succeed again.
    const deadline = Date.now() + 60_000;
    const okAfterRestart = () => statuses.slice(-20).filter((s) => s === 200).length >= 20;
    while (!okAfterRestart() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    stop = true;
    await load;
    expect(okAfterRestart()).toBe(true);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    console.log(`postgres restart: ${statuses.length} requests, ${statuses.filter((s) => s === 503).length} answered 503 during the restart`);
  });
});
