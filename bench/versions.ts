// bench:versions — what version history costs. (1) One snapshot of a ~27 KB document: bytes
// stored (brotli) against its JSON, and the time to take it. (2) 10,000 edits to that
// document through the API, one every 20 s of the app's clock (about 55 hours of steady
// writing): how many snapshots that leaves (at most one per 5 minutes) and their total size,
// and the figure per 8-hour day of active editing. (3) The history list of a document with
// 1,000 versions: time per GET /api/documents/:id/versions. Prints figures with the load
// average; never fails on time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { openDatabase } from "../src/server/db/index.js";
import { createTestUser, freshToken } from "../src/server/test/harness.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";

const EDITS = Number(arg("edits", "10000"));
const LIST_VERSIONS = Number(arg("versions", "1000"));
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

/** A vocabulary of 3,000 made-up words, drawn with a skew like a language's (frequent words often). */
const VOCAB = (() => {
  let x = 12_345;
  const rnd = () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
  return Array.from({ length: 3000 }, () => Array.from({ length: 2 + Math.floor(rnd() * 8) }, () => "etaoinshrdlcumwfgypbvk"[Math.floor(rnd() * rnd() * 22)]).join(""));
})();

/** About `bytes` of document JSON in paragraphs of prose-like words (the same text for the same seed). */
function chapter(bytes: number, seed: number) {
  let x = seed + 1;
  const rnd = () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
  const paragraphs = [];
  let size = 0;
  while (size < bytes) {
    const text = Array.from({ length: 60 }, () => VOCAB[Math.floor(rnd() * rnd() * VOCAB.length)]).join(" ");
    paragraphs.push({ type: "paragraph", content: [{ type: "text", text }] });
    size += text.length + 60;
  }
  return { type: "doc", content: paragraphs };
}

async function main() {
  console.log("bench:versions");
  console.log(machineLine());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-versions-"));
  const clock = { now: new Date() };
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "v".repeat(48), PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "true" });
  const database = await openDatabase({ dataDir });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent", now: () => clock.now });
  await app.ready();
  const inject = (method: "GET" | "POST" | "PATCH", url: string, headers: Record<string, string>, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  let user = await createTestUser({ ctx }, { plan: "professional" });
  // Access tokens last an hour of the app's clock: a fresh one for the same session.
  const refresh = async () => {
    user = { ...user, ...(await freshToken({ ctx }, user)) };
  };

  const first = chapter(27_000, 0);
  const jsonBytes = Buffer.byteLength(JSON.stringify(first));
  const doc = (await inject("POST", "/api/documents", user.headers, { title: "Bench", content: first })).json() as { id: string; version: number };

  // (1) Named snapshots one after another: size and time each.
  const times: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    const res = await inject("POST", `/api/documents/${doc.id}/versions`, user.headers, { name: `v${i}` });
    times.push(performance.now() - t0);
    if (res.statusCode !== 201) throw new Error(`naming: ${res.statusCode} ${res.body}`);
  }
  const list1 = (await inject("GET", `/api/documents/${doc.id}/versions`, user.headers)).json() as { versions: { stored_bytes: number; json_bytes: number }[] };
  const one = list1.versions[0]!;
  const t = summarize(times);
  console.log(`\n(1) one snapshot of a ${(jsonBytes / 1024).toFixed(0)} KB document (load average ${load()})`);
  console.log(`    stored ${(one.stored_bytes / 1024).toFixed(1)} KB for ${(one.json_bytes / 1024).toFixed(1)} KB of JSON (${((100 * one.stored_bytes) / one.json_bytes).toFixed(0)}%)`);
  console.log(`    POST /api/documents/:id/versions (the whole request): p50 ${ms(t.p50)}, p95 ${ms(t.p95)}`);

  // (2) 10,000 edits, one every 20 s of the app's clock.
  const other = (await inject("POST", "/api/documents", user.headers, { title: "Edited", content: first })).json() as { id: string; version: number };
  let version = other.version;
  const t0 = performance.now();
  for (let i = 1; i <= EDITS; i++) {
    clock.now = new Date(clock.now.getTime() + 20_000);
    if (i % 150 === 0) await refresh();
    // One word changes per edit, somewhere in the text.
    const content = chapter(27_000, 0);
    (content.content[i % content.content.length]!.content[0] as { text: string }).text += ` edit${i}`;
    const res = await inject("PATCH", `/api/documents/${other.id}`, user.headers, { content, version });
    if (res.statusCode !== 200) throw new Error(`edit ${i}: ${res.statusCode} ${res.body}`);
    version = (res.json() as { version: number }).version;
  }
  const elapsed = performance.now() - t0;
  const stats = await database.sql.query<{ n: number; bytes: number }>(
    "SELECT count(*)::int AS n, coalesce(sum(octet_length(content)), 0)::int AS bytes FROM document_versions WHERE document_id = $1",
    [other.id],
  );
  const { n, bytes } = stats[0]!;
  const hours = (EDITS * 20) / 3600;
  console.log(`\n(2) ${EDITS.toLocaleString()} edits, one every 20 s (${hours.toFixed(0)} hours of editing) to a ${(jsonBytes / 1024).toFixed(0)} KB document (load average ${load()})`);
  console.log(`    ${n} snapshots, ${(bytes / 1024).toFixed(0)} KB stored in all (${(bytes / n / 1024).toFixed(1)} KB each); an 8-hour day of editing: ${((bytes / hours) * 8 / 1024).toFixed(0)} KB`);
  console.log(`    the saves took ${(elapsed / EDITS).toFixed(2)} ms each through app.inject, snapshots included`);

  // (3) The history list with 1,000 versions.
  const have = (await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM document_versions WHERE document_id = $1", [doc.id]))[0]!.n;
  await refresh();
  for (let i = have; i < LIST_VERSIONS; i++) await inject("POST", `/api/documents/${doc.id}/versions`, user.headers, { name: `v${i}` });
  const listTimes: number[] = [];
  let listBytes = 0;
  for (let i = 0; i < 20; i++) {
    const s = performance.now();
    const res = await inject("GET", `/api/documents/${doc.id}/versions`, user.headers);
    listTimes.push(performance.now() - s);
    listBytes = res.body.length;
  }
  const l = summarize(listTimes);
  console.log(`\n(3) the history list of a document with ${LIST_VERSIONS} versions (load average ${load()})`);
  console.log(`    GET /api/documents/:id/versions: p50 ${ms(l.p50)}, p95 ${ms(l.p95)}; ${(listBytes / 1024).toFixed(0)} KB of JSON`);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
