// AI streaming proxy overhead: the app's POST /api/ai/complete/stream in front of a local
// OpenAI-compatible stub, against calling the stub directly with the same request.
// Prints added time-to-first-byte and per-chunk overhead. Figures only; never fails on time.
//   npm run bench:ai            (ITERATIONS=40 CHUNKS=64 CHUNK_DELAY_MS=0 by default)
import os from "node:os";
import { performance } from "node:perf_hooks";
import { startOpenAiStub } from "../src/server/ai/openai-stub.test-util.js";
import { createTestApp, createTestUser } from "../src/server/test/harness.js";
import { machineLine, stealMeter } from "./lib/stats.js";

const ITERATIONS = Number(process.env.ITERATIONS ?? 40);
const CHUNKS = Number(process.env.CHUNKS ?? 64);
const CHUNK_DELAY_MS = Number(process.env.CHUNK_DELAY_MS ?? 0);

interface Sample {
  ttfb: number;
  total: number;
  chunks: number;
}

/** Reads an SSE response; time to the first content-bearing event and to the end. */
async function measure(url: string, init: RequestInit, isContent: (data: string) => boolean): Promise<Sample> {
  const start = performance.now();
  const res = await fetch(url, init);
  if (!res.ok || !res.body) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let ttfb = 0;
  let chunks = 0;
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    const blocks = buffer.split("\n\n");
    buffer = blocks.pop() ?? "";
    for (const b of blocks) {
      const data = b.split("\n").find((l) => l.startsWith("data: "))?.slice(6) ?? "";
      if (!isContent(data)) continue;
      chunks++;
      if (!ttfb) ttfb = performance.now() - start;
    }
  }
  return { ttfb, total: performance.now() - start, chunks };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const fmt = (n: number) => `${n.toFixed(2)} ms`;

async function main() {
  const answer = "The quick brown fox jumps over the lazy dog. ".repeat(12);
  const stub = await startOpenAiStub({ reply: () => answer, chunks: CHUNKS, chunkDelayMs: CHUNK_DELAY_MS });
  const t = await createTestApp({ AI_BASE_URL: stub.url, AI_API_KEY: "bench", AI_MODEL: "stub" });
  const user = await createTestUser(t, { plan: "professional" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const port = (t.app.server.address() as { port: number }).port;

  const text = "Once upon a time, in a quiet town by the sea, a writer sat down to begin a new story.";
  const direct = () =>
    measure(
      `${stub.url}/chat/completions`,
      {
        method: "POST",
        headers: { "content-type": "application/json", authorization: "Bearer bench" },
        body: JSON.stringify({
          model: "stub",
          stream: true,
          stream_options: { include_usage: true },
          messages: [
            { role: "system", content: "Continue the text." },
            { role: "user", content: text },
          ],
        }),
      },
      (d) => d !== "[DONE]" && !!d && !!JSON.parse(d).choices?.[0]?.delta?.content,
    );
  const proxied = () =>
    measure(
      `http://127.0.0.1:${port}/api/ai/complete/stream`,
      { method: "POST", headers: { "content-type": "application/json", ...user.headers }, body: JSON.stringify({ text }) },
      (d) => !!d && JSON.parse(d).type === "delta",
    );

  // Warm up both paths (JIT, connection setup, SDK client).
  for (let i = 0; i < 5; i++) {
    await direct();
    await proxied();
  }
  const d: Sample[] = [];
  const p: Sample[] = [];
  const loadBefore = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const steal = stealMeter();
  for (let i = 0; i < ITERATIONS; i++) {
    d.push(await direct());
    p.push(await proxied());
  }
  // Quota bookkeeping is part of the proxied path; keep the month's balance from running out.
  const addedTtfb = p.map((s, i) => s.ttfb - d[i]!.ttfb);
  const perChunk = p.map((s, i) => (s.total - s.ttfb - (d[i]!.total - d[i]!.ttfb)) / Math.max(1, s.chunks - 1));

  console.log("AI streaming proxy benchmark");
  console.log(machineLine());
  console.log(`measured: load average ${loadBefore} before, ${os.loadavg().map((l) => l.toFixed(2)).join(" ")} after; ${steal()}`);
  console.log(`${ITERATIONS} sequential requests per path, ${CHUNKS} chunks per answer, ${CHUNK_DELAY_MS} ms between upstream chunks, PGlite in memory`);
  console.log(`direct to stub   TTFB p50 ${fmt(pct(d.map((s) => s.ttfb), 50))}  p95 ${fmt(pct(d.map((s) => s.ttfb), 95))}  total p50 ${fmt(pct(d.map((s) => s.total), 50))}  chunks ${d[0]!.chunks}`);
  console.log(`through the app  TTFB p50 ${fmt(pct(p.map((s) => s.ttfb), 50))}  p95 ${fmt(pct(p.map((s) => s.ttfb), 95))}  total p50 ${fmt(pct(p.map((s) => s.total), 50))}  chunks ${p[0]!.chunks}`);
  console.log(`added TTFB       p50 ${fmt(pct(addedTtfb, 50))}  p95 ${fmt(pct(addedTtfb, 95))}  (auth, plan lookup, quota reservation, SDK request)`);
  console.log(`per-chunk cost   p50 ${fmt(pct(perChunk, 50))}  p95 ${fmt(pct(perChunk, 95))}  (SDK parse + SSE re-encode per chunk)`);

  await t.close();
  await stub.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
