// Keystroke-to-paint latency of the editor in a 100k-word document (DESIGN.md §7 budget:
// p95 < 16 ms). Prints figures; never passes or fails on time.
//
//   npm run build && npm run bench:editor          (uses ./dist, or DRAFTSMITH_DIST)
//   BENCH_WORDS=100000 BENCH_KEYS=500 npm run bench:editor
//
// Each key is typed by Playwright in Chromium; inside the page a capture-phase keydown
// listener takes the event's timestamp and a requestAnimationFrame callback followed by a
// message-channel task (which runs after the frame is painted) takes the end time.
import os from "node:os";
import { putSessionInContext, signUpViaApi } from "../e2e/support/auth.js";
import { launchBrowser } from "../e2e/support/browser.js";
import { exitOf, freePort, freshDataDir, spawnServer, waitForHealth } from "../e2e/support/server.js";

const WORDS = Number(process.env.BENCH_WORDS ?? 100_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 500);
const WORDS_PER_PARAGRAPH = 100;
const VOCAB = "the quick brown fox jumps over a lazy dog while writers draft long careful sentences about editors latency and paint".split(" ");

function bigDocument(words: number) {
  const content: unknown[] = [];
  let n = 0;
  let p = 0;
  while (n < words) {
    const count = Math.min(WORDS_PER_PARAGRAPH, words - n);
    const text = Array.from({ length: count }, (_, i) => VOCAB[(n + i * 7 + p) % VOCAB.length]).join(" ");
    if (p % 20 === 0) content.push({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: `Section ${p / 20 + 1}` }] });
    content.push({ type: "paragraph", content: [{ type: "text", text: `${text}.` }] });
    n += count;
    p++;
  }
  return { type: "doc", content };
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i]!;
}

async function main() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { proc, output } = spawnServer({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: freshDataDir(),
    AUTH_AUTOCONFIRM: "true",
    NODE_ENV: "test",
  });
  const browser = await launchBrowser();
  try {
    await waitForHealth(url, proc, output, 120_000);
    const session = await signUpViaApi(url);
    const doc = bigDocument(WORDS);
    const created = await fetch(`${url}/api/documents`, {
      method: "POST",
      headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ title: "Benchmark", content: doc }),
    });
    if (!created.ok) throw new Error(`creating the document failed: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    const bytes = JSON.stringify(doc).length;

    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await putSessionInContext(context, url, session);
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`${url}/editor/${id}`);
    const body = page.locator(".draftsmith-prose");
    await body.waitFor({ state: "visible", timeout: 120_000 });
    const openMs = Date.now() - t0;

    // Type in the middle of the document (paragraph 500 of ~1000), as a writer would.
    await page.evaluate(() => {
      const paras = document.querySelectorAll(".draftsmith-prose > p");
      const target = paras[Math.floor(paras.length / 2)]!;
      target.scrollIntoView({ block: "center" });
      const range = document.createRange();
      range.selectNodeContents(target);
      range.collapse(false);
      const sel = getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      (document.querySelector(".draftsmith-prose") as HTMLElement).focus();
    });
    await page.evaluate(() => {
      const w = window as unknown as { __lat: number[] };
      w.__lat = [];
      const channel = new MessageChannel();
      let pending: number | null = null;
      channel.port1.onmessage = () => {
        if (pending !== null) w.__lat.push(performance.now() - pending);
        pending = null;
      };
      document.addEventListener(
        "keydown",
        (e) => {
          pending = e.timeStamp;
          requestAnimationFrame(() => channel.port2.postMessage(null));
        },
        true,
      );
    });
    const text = "The quick brown fox jumps over the lazy dog. ".repeat(Math.ceil(KEYS / 45)).slice(0, KEYS);
    for (const ch of text) {
      await page.keyboard.type(ch);
      // Let each key's frame finish so keys are measured one at a time.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    }
    const lat = (await page.evaluate(() => (window as unknown as { __lat: number[] }).__lat)).sort((a, b) => a - b);
    const stats = await page.evaluate(() => document.querySelector("[data-save-status]")?.textContent ?? "");

    const mean = lat.reduce((s, v) => s + v, 0) / Math.max(1, lat.length);
    console.log("Editor keystroke-to-paint latency");
    console.log(`  machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, load ${os.loadavg()[0]!.toFixed(2)}`);
    console.log(`  document: ${WORDS.toLocaleString()} words, ${(bytes / 1024).toFixed(0)} KB JSON; opened in ${openMs} ms`);
    console.log(`  keys measured: ${lat.length} (typed in the middle of the document)`);
    console.log(`  p50 ${percentile(lat, 0.5).toFixed(1)} ms · p95 ${percentile(lat, 0.95).toFixed(1)} ms · p99 ${percentile(lat, 0.99).toFixed(1)} ms · mean ${mean.toFixed(1)} ms · max ${lat.at(-1)?.toFixed(1)} ms`);
    console.log(`  save indicator at the end: ${stats}`);
    await context.close();
  } finally {
    await browser.close();
    const exited = exitOf(proc);
    proc.kill("SIGTERM");
    await exited;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
