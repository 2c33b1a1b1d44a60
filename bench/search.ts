// bench:search — full-text search at 1,000 documents. (1) 1,000 documents of ~27 KB of
// prose-like text for one user; latency p50/p95 of GET /api/search and the server's CPU per
// search (this process: the app and its database thread) for one common word, a rarer word,
// a prefix being typed and a phrase. Goal: < 50 ms at 1,000 documents. (2) What the search
// vector adds to a 27 KB save: the same UPDATE of text_content on documents (where it only
// marks the vector stale: migrations/0150_search_deferred.sql) and on a copy of the row
// without the column, and what computing the vector costs when a search or the upkeep does. Prints figures with the load
// average; never fails on time.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app.js";
import { loadConfig } from "../src/server/config.js";
import { documents, openDatabase } from "../src/server/db/index.js";
import { createTestUser } from "../src/server/test/harness.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";

const DOCUMENTS = Number(arg("documents", "1000"));
const RUNS = Number(arg("runs", "50"));
const load = () => os.loadavg().map((n) => n.toFixed(2)).join(" ");

function random(seed: number) {
  let x = seed + 1;
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

/** 5,000 made-up words, drawn with a skew like a language's (frequent words often). */
const VOCAB = (() => {
  const rnd = random(12_344);
  return Array.from({ length: 5000 }, () => Array.from({ length: 2 + Math.floor(rnd() * 8) }, () => "etaoinshrdlcumwfgypbvk"[Math.floor(rnd() * rnd() * 22)]).join(""));
})();

/** About `bytes` of plain text in paragraphs (the same text for the same seed). */
function prose(bytes: number, seed: number): string[] {
  const rnd = random(seed);
  const paragraphs: string[] = [];
  let size = 0;
  while (size < bytes) {
    const text = Array.from({ length: 60 }, () => VOCAB[Math.floor(rnd() * rnd() * VOCAB.length)]).join(" ");
    paragraphs.push(text);
    size += text.length + 60;
  }
  return paragraphs;
}

const toDoc = (paragraphs: string[]) => ({ type: "doc", content: paragraphs.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });

async function main() {
  console.log("bench:search");
  console.log(machineLine());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-bench-search-"));
  const config = loadConfig({ NODE_ENV: "production", LOG_LEVEL: "silent", DATA_DIR: dataDir, JWT_SECRET: "s".repeat(48), PAYMENTS: "disabled", AUTH_AUTOCONFIRM: "true" });
  const database = await openDatabase({ dataDir, ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}) });
  const { app, ctx } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
  await app.ready();
  const user = await createTestUser({ ctx }, { plan: "professional" });

  // Rows go in directly (the save path is bench:save's subject); the vector is computed by the
  // database as on every save. Every 10th document carries a rare word and a phrase.
  const t0 = performance.now();
  for (let from = 0; from < DOCUMENTS; from += 50) {
    const rows = [];
    for (let i = from; i < Math.min(DOCUMENTS, from + 50); i++) {
      const paragraphs = prose(27_000, i);
      if (i % 10 === 0) paragraphs[Math.floor(paragraphs.length / 2)] += " the lighthouse keeper zanzibar";
      rows.push({ userId: user.id, title: `Chapter ${i} ${VOCAB[i % 200]}`, content: toDoc(paragraphs), textContent: paragraphs.join("\n\n"), wordCount: 0 });
    }
    await ctx.db.insert(documents).values(rows);
  }
  const [sizes] = await database.sql.query<{ text: number; vector: number }>(
    "SELECT avg(length(text_content))::int AS text, avg(pg_column_size(search))::int AS vector FROM documents",
  );
  console.log(`${DOCUMENTS} documents inserted in ${ms(performance.now() - t0)}; text ${sizes?.text} chars, vector ${sizes?.vector} bytes stored, on average`);
  await database.sql.exec("ANALYZE documents");

  const common = VOCAB[0]!;
  const queries = [
    ["one common word", common],
    ["one rarer word", "zanzibar"],
    ["a prefix being typed", "lighth"],
    ["a phrase", '"lighthouse keeper"'],
    ["two words, one a prefix", `${VOCAB[1]} zanz`],
  ] as const;
  console.log(`\n(1) GET /api/search?limit=10, ${RUNS} runs each, one at a time (load average ${load()})`);
  for (const [name, q] of queries) {
    const url = `/api/search?${new URLSearchParams({ q, limit: "10" })}`;
    const warm = await app.inject({ method: "GET", url, headers: user.headers });
    if (warm.statusCode !== 200) throw new Error(`${q}: ${warm.statusCode} ${warm.body}`);
    const found = (warm.json() as { results: unknown[] }).results.length;
    const [matching] = await database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM documents WHERE search @@ to_tsquery('simple', $1)", [
      q === common ? `'${common}'` : q === "zanzibar" ? "'zanzibar'" : q === "lighth" ? "'lighth':*" : q.startsWith('"') ? "'lighthouse' <-> 'keeper'" : `'${VOCAB[1]}' & 'zanz':*`,
    ]);
    const times: number[] = [];
    const cpuStart = process.cpuUsage();
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await app.inject({ method: "GET", url, headers: user.headers });
      times.push(performance.now() - s);
    }
    const cpu = process.cpuUsage(cpuStart);
    const t = summarize(times);
    console.log(
      `  ${name} (${JSON.stringify(q)}, ${matching?.n} matching, ${found} returned): p50 ${ms(t.p50)}, p95 ${ms(t.p95)}, server CPU ${ms((cpu.user + cpu.system) / 1000 / RUNS)} per search`,
    );
  }

  // (2) The vector's cost on a save: the same UPDATE with and without the column and index.
  const [doc] = await database.sql.query<{ id: string }>("SELECT id FROM documents ORDER BY created_at LIMIT 1");
  await database.sql.exec("CREATE TABLE bench_plain AS SELECT id, title, text_content FROM documents");
  await database.sql.exec("CREATE UNIQUE INDEX ON bench_plain (id)");
  const texts = Array.from({ length: 20 }, (_, i) => prose(27_000, 10_000 + i).join("\n\n"));
  const timeUpdates = async (table: string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const s = performance.now();
      await database.sql.query(`UPDATE ${table} SET text_content = $1 WHERE id = $2`, [texts[i % texts.length], doc!.id]);
      times.push(performance.now() - s);
    }
    return summarize(times);
  };
  await timeUpdates("bench_plain");
  const plain = await timeUpdates("bench_plain");
  const withSearch = await timeUpdates("documents");
  const vectorOnly: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await database.sql.query("SELECT length(document_search_vector('Title', $1)::text)", [texts[i % texts.length]]);
    vectorOnly.push(performance.now() - s);
  }
  console.log(`\n(2) UPDATE of a ${(texts[0]!.length / 1024).toFixed(0)} KB text_content, ${RUNS} runs (load average ${load()})`);
  console.log(`  without the search column: p50 ${ms(plain.p50)}, p95 ${ms(plain.p95)}`);
  console.log(`  documents (marks the vector stale; GIN index kept): p50 ${ms(withSearch.p50)}, p95 ${ms(withSearch.p95)}`);
  console.log(`  computing the vector alone (a SELECT, as text): p50 ${ms(summarize(vectorOnly).p50)}`);

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
