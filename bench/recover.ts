// bench:recover — does POST /auth/v1/recover answer as fast for a registered address as for
// an unknown one? The mail for a known address is built and sent after the answer
// (src/server/mail/after-response.ts), so the two medians should match. Calls alternate
// known and unknown, each from its own address so the recovery limits do not interfere.
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { arg, machineLine, summarize } from "./lib/stats.js";

const ROUNDS = Number(arg("rounds", "200"));

async function main() {
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", AUTH_AUTOCONFIRM: "true", PUBLIC_URL: "http://localhost:3000" });
  const database = await openDatabase({ dataDir: "memory://", poolSize: 5 });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  await app.ready();
  const known: string[] = [];
  for (let i = 0; i < ROUNDS; i++) known.push((await createTestUser({ ctx })).email);

  const timings = { known: [] as number[], unknown: [] as number[] };
  const call = async (email: string, i: number) => {
    const started = process.hrtime.bigint();
    const res = await app.inject({ method: "POST", url: "/auth/v1/recover", remoteAddress: `10.9.${i >> 8}.${i & 255}`, payload: { email } });
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    if (res.statusCode !== 200) throw new Error(`recover answered ${res.statusCode}: ${res.body}`);
    return ms;
  };
  for (let i = 0; i < ROUNDS; i++) {
    timings.known.push(await call(known[i]!, 2 * i));
    timings.unknown.push(await call(`nobody-${i}@example.com`, 2 * i + 1));
  }

  const line = (name: string, v: number[]) => {
    const s = summarize(v);
    return `${name}: n ${s.count}, p50 ${s.p50.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms, max ${s.max.toFixed(2)} ms`;
  };
  console.log("bench:recover (in-process app.inject, PGlite in memory)");
  console.log(machineLine());
  console.log(line("known address", timings.known));
  console.log(line("unknown address", timings.unknown));
  await app.close();
  await database.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
