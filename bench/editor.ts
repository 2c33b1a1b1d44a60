// Keystroke-to-paint latency of the editor in a 100k-word document. Prints figures; never passes or fails on time.
//
//   DRAFTSMITH_DIST=.dist-editorbench npm run build
//   DRAFTSMITH_DIST=.dist-editorbench npm run bench:editor
//   BENCH_WORDS=100000 BENCH_WORDS_PER_PARAGRAPH=100 BENCH_KEYS=500 BENCH_PASSES=unlimited,vsync,trace npm run bench:editor
//   BENCH_GRAMMAR=off npm run bench:editor   (the check as you type switched off; on by default, as for writers)
//
// Each key is typed by Playwright in Chromium in the middle of the document, one key at a
// time (the next key is typed once the previous one's frame was painted). Per key:
//
//   latency  keydown event timestamp → the first frame after the key's `input` event has run
//            its requestAnimationFrame callbacks, style, layout and paint → a message-channel
//            task queued from that rAF (it runs once the frame's main-thread work is done).
//            The frame is requested from `input`, not `keydown`, because Chromium may run a
//            frame between the keydown and the character being inserted.
//   work     (trace pass) main-thread time spent inside that same window, from the Chrome
//            DevTools Protocol trace, split into script / style / layout (with the
//            intersection checks of content-visibility) / paint+commit; both as elapsed time
//            and as the thread's CPU time, which a busy machine does not inflate.
//
// Passes (one Chromium at a time, each on a fresh copy of the document):
//   unlimited  --disable-frame-rate-limit --disable-gpu-vsync: a frame starts as soon as the
//              page has something to draw, so the latency is the keystroke's own cost.
//   vsync      Chromium's default 60 Hz frame clock: the latency also holds the wait for the
//              next frame (0–16.7 ms whatever the page does), so its p95 cannot be < 16 ms.
//   trace      unlimited flags plus CDP tracing (slower; only the breakdown is reported).
//
// Frames in headless Chromium here: with the default flags requestAnimationFrame ticks every
// 16.7 ms; with the unlimited flags a frame follows a DOM change within ~0.2–1.4 ms (an idle
// page still ticks at ~17 ms, so the keystroke's own change is what starts the frame).
//
// Opening (every pass, before typing): the document is fresh, so each pass opens it twice.
//   first open   in a throwaway browser context: the server converts the document's JSON
//                into its live (Yjs) state and stores it.
//   second open  in a new context (nothing on this device) once the server has let the
//                document go: the stored state is read. The keys are typed in this page.
// Each prints "opened in" (goto → the text visible, as Playwright sees it) and a breakdown
// from the page's own clock, ms after navigation start: the User Timing marks of
// src/client/lib/collab/open-marks.ts, the GET of the record (resource timing) and the first
// frame painted once the text is shown (a rAF after the text appears, then a message-channel
// task: the frame's work is done).
//
// BENCH_TRACE_FILE / BENCH_PROFILE_FILE save the trace pass's trace and a CPU profile.
// BENCH_OPEN_CPU=1 traces both openings too and prints the main thread's CPU time from
// navigation start to the text painted, by bucket (the figure a busy machine inflates
// least); BENCH_OPEN_PROFILE_FILE saves a CPU profile of the second opening
// (bench/lib/profile-summary.mjs sums it). Tracing slows the opening itself.
import fs from "node:fs";
import os from "node:os";
import type { Browser, CDPSession, Page } from "playwright-core";
import { chromium } from "playwright-core";
import { type ApiSession, putSessionInContext, signUpViaApi } from "../e2e/support/auth.js";
import { CHROMIUM_ARGS, chromiumPath } from "../e2e/support/browser.js";
import { exitOf, freePort, freshDataDir, spawnServer, waitForHealth } from "../e2e/support/server.js";
import { stealMeter } from "./lib/stats.js";

const WORDS = Number(process.env.BENCH_WORDS ?? 100_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 500);
const TRACE_KEYS = Number(process.env.BENCH_TRACE_KEYS ?? 150);
// Optional files from the trace pass, for a closer look in DevTools.
const TRACE_FILE = process.env.BENCH_TRACE_FILE;
const PROFILE_FILE = process.env.BENCH_PROFILE_FILE;
const OPEN_CPU = process.env.BENCH_OPEN_CPU === "1" || process.env.BENCH_OPEN_PROFILE_FILE !== undefined;
const OPEN_PROFILE_FILE = process.env.BENCH_OPEN_PROFILE_FILE;
const PASSES = (process.env.BENCH_PASSES ?? "unlimited,vsync,trace").split(",").map((s) => s.trim()) as PassName[];
const WORDS_PER_PARAGRAPH = Number(process.env.BENCH_WORDS_PER_PARAGRAPH ?? 100);
// Spelling and grammar as you type: "on" (every writer's default) or "off" (Settings → Preferences).
const GRAMMAR = process.env.BENCH_GRAMMAR === "off" ? "off" : "on";
const VOCAB = "the quick brown fox jumps over a lazy dog while writers draft long careful sentences about editors latency and paint".split(" ");

type PassName = "unlimited" | "vsync" | "trace";
const UNLIMITED_FRAMES = ["--disable-frame-rate-limit", "--disable-gpu-vsync"];
const PASS_FLAGS: Record<PassName, string[]> = { unlimited: UNLIMITED_FRAMES, vsync: [], trace: UNLIMITED_FRAMES };

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

function summary(values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, v) => a + v, 0) / Math.max(1, s.length);
  const f = (v: number) => v.toFixed(1);
  return `p50 ${f(percentile(s, 0.5))} · p95 ${f(percentile(s, 0.95))} · p99 ${f(percentile(s, 0.99))} · mean ${f(mean)} · max ${f(s.at(-1) ?? Number.NaN)} ms`;
}

const load = () => os.loadavg()[0]!.toFixed(2);

// In-page probe, installed before the app loads. A plain string: the bench runs under tsx,
// whose helpers are not defined inside the page.
const PROBE = `(() => {
  const w = window;
  w.__lat = [];
  let start = null;
  let token = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = (m) => {
    if (start === null || m.data !== token) return;
    w.__lat.push(performance.now() - start);
    start = null;
    performance.mark("bench-key-painted");
  };
  // The first frame painted with the document's text showing (see openBreakdown).
  const opened = new MessageChannel();
  opened.port1.onmessage = () => performance.mark("bench-open-painted");
  const shown = new MutationObserver(() => {
    const prose = document.querySelector(".draftsmith-prose");
    if (!prose || prose.childElementCount < 2 || prose.closest("[hidden]")) return;
    shown.disconnect();
    performance.mark("bench-open-shown");
    requestAnimationFrame(() => opened.port2.postMessage(0));
  });
  shown.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] });
  document.addEventListener("keydown", (e) => { start = e.timeStamp; token++; }, true);
  document.addEventListener("input", () => {
    if (start === null) return;
    const t = ++token;
    requestAnimationFrame(() => channel.port2.postMessage(t));
  }, true);
  // Resolves with the count once key n was measured, or after 5 s (a key that produced no
  // input is then missing from the count rather than stalling the run).
  w.__measured = (n) => new Promise((resolve) => {
    const giveUp = performance.now() + 5000;
    const check = () => (w.__lat.length >= n || performance.now() > giveUp ? resolve(w.__lat.length) : setTimeout(check, 1));
    check();
  });
})();`;

async function createDocument(url: string, session: ApiSession, doc: unknown): Promise<string> {
  const created = await fetch(`${url}/api/documents`, {
    method: "POST",
    headers: { authorization: `Bearer ${session.access_token}`, "content-type": "application/json" },
    body: JSON.stringify({ title: "Benchmark", content: doc }),
  });
  if (!created.ok) throw new Error(`creating the document failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { id: string }).id;
}

/** Caret at the end of the middle paragraph (paragraph ~500 of ~1000), as a writer would. */
async function placeCaretInTheMiddle(page: Page) {
  await page.evaluate(`(() => {
    const paras = document.querySelectorAll(".draftsmith-prose > p");
    const target = paras[Math.floor(paras.length / 2)];
    target.scrollIntoView({ block: "center" });
    const range = document.createRange();
    range.selectNodeContents(target);
    range.collapse(false);
    const sel = getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    document.querySelector(".draftsmith-prose").focus();
  })()`);
}

async function typeMeasured(page: Page, keys: number) {
  const text = "The quick brown fox jumps over the lazy dog. ".repeat(Math.ceil(keys / 45)).slice(0, keys);
  let n = 0;
  for (const ch of text) {
    await page.keyboard.type(ch);
    // One key at a time: the next key waits until this one's frame was painted.
    n = (await page.evaluate(`window.__measured(${n + 1})`)) as number;
  }
  return (await page.evaluate("window.__lat")) as number[];
}

// ---- trace analysis ----

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of the event, µs: excludes time the thread was not running. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { type?: string } };
}

const TRACE_CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "v8.execute"].join(",");

async function startTrace(cdp: CDPSession) {
  await cdp.send("Tracing.start", { categories: TRACE_CATEGORIES, transferMode: "ReturnAsStream" });
}

async function stopTrace(cdp: CDPSession, save = true): Promise<TraceEvent[]> {
  const events = JSON.parse(await readTrace(cdp, save)) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(events) ? events : (events.traceEvents ?? []);
}

async function readTrace(cdp: CDPSession, save: boolean): Promise<string> {
  const done = new Promise<string>((resolve) => cdp.once("Tracing.tracingComplete", (e) => resolve(e.stream!)));
  await cdp.send("Tracing.end");
  const handle = await done;
  let json = "";
  for (;;) {
    const chunk = await cdp.send("IO.read", { handle, size: 1 << 20 });
    json += chunk.base64Encoded ? Buffer.from(chunk.data, "base64").toString() : chunk.data;
    if (chunk.eof) break;
  }
  await cdp.send("IO.close", { handle });
  if (TRACE_FILE && save) fs.writeFileSync(TRACE_FILE, json);
  return json;
}

type Bucket = "script" | "style" | "layout" | "paint" | "other";
const BUCKETS: Bucket[] = ["script", "style", "layout", "paint", "other"];

function bucketOf(name: string): Bucket {
  if (/^(EventDispatch|FunctionCall|EvaluateScript|v8\.|V8\.|RunMicrotasks|TimerFire|FireAnimationFrame|FireIdleCallback|MajorGC|MinorGC|BlinkGC|GCEvent)/.test(name)) return "script";
  if (/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet|ScheduleStyleRecalculation)/.test(name)) return "style";
  if (/^(Layout|UpdateLayout|HitTest|IntersectionObserverController)/.test(name)) return "layout";
  if (/^(PrePaint|Paint|Layerize|Commit|UpdateLayer|CompositeLayers|PaintImage|Decode|RasterTask|ScrollLayer)/.test(name)) return "paint";
  return "other";
}

type Clock = "wall" | "cpu";

/**
 * Self time of every complete event on one thread, by bucket, within [from, to] (µs).
 * "wall" counts elapsed time; "cpu" the thread's own running time (an event cut by the
 * window keeps the same share of its CPU time), which other processes on a busy machine
 * do not inflate.
 */
function selfTimeByBucket(events: TraceEvent[], from: number, to: number, clock: Clock): Record<Bucket, number> {
  const out: Record<Bucket, number> = { script: 0, style: 0, layout: 0, paint: 0, other: 0 };
  const stack: { end: number; bucket: Bucket; childTime: number; time: number }[] = [];
  const close = (until: number) => {
    while (stack.length && stack.at(-1)!.end <= until) {
      const e = stack.pop()!;
      out[e.bucket] += Math.max(0, e.time - e.childTime);
    }
  };
  for (const e of events) {
    const start = Math.max(e.ts, from);
    const end = Math.min(e.ts + (e.dur ?? 0), to);
    if (end <= start) continue;
    close(start);
    const wall = end - start;
    const time = clock === "wall" ? wall : (e.tdur ?? e.dur ?? 0) * (wall / Math.max(1, e.dur ?? 1));
    const parent = stack.at(-1);
    if (parent) parent.childTime += time;
    // A child's bucket wins over its parent's; an unnamed wrapper (RunTask) keeps "other".
    stack.push({ end, bucket: bucketOf(e.name), childTime: 0, time });
  }
  close(Number.POSITIVE_INFINITY);
  return out;
}

function mainThreadOf(events: TraceEvent[]): { pid: number; tid: number } {
  const counts = new Map<string, number>();
  for (const e of events) {
    if (e.name === "EventDispatch" && e.args?.data?.type === "keydown") {
      const k = `${e.pid}:${e.tid}`;
      counts.set(k, (counts.get(k) ?? 0) + 1);
    }
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error("no keydown in the trace");
  const [pid, tid] = best[0].split(":").map(Number);
  return { pid: pid!, tid: tid! };
}

/** Per key: main-thread time from its keydown's dispatch to its painted mark, by bucket (ms). */
function workPerKey(events: TraceEvent[], clock: Clock) {
  const main = mainThreadOf(events);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const complete = onMain.filter((e) => e.ph === "X" && e.dur !== undefined).sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const keydowns = complete.filter((e) => e.name === "EventDispatch" && e.args?.data?.type === "keydown").map((e) => e.ts);
  const painted = onMain.filter((e) => e.name === "bench-key-painted").map((e) => e.ts);
  const keys: (Record<Bucket, number> & { total: number })[] = [];
  let p = 0;
  for (const kd of keydowns) {
    while (p < painted.length && painted[p]! < kd) p++;
    const end = painted[p];
    if (end === undefined) break;
    const b = selfTimeByBucket(complete, kd, end, clock);
    const ms = Object.fromEntries(BUCKETS.map((k) => [k, b[k] / 1000])) as Record<Bucket, number>;
    keys.push({ ...ms, total: BUCKETS.reduce((s, k) => s + ms[k], 0) });
  }
  return keys;
}

// ---- passes ----

interface PassContext {
  url: string;
  session: ApiSession;
  doc: unknown;
  /** The server's process id, to read its CPU time (all its threads: the database's too). */
  serverPid: number | undefined;
}

/** CPU time the process has used so far, ms (Linux /proc; null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Where an opening's time went, ms after navigation start, from the page's clock. */
async function openBreakdown(page: Page): Promise<string> {
  await page.waitForFunction(`performance.getEntriesByName("bench-open-painted").length > 0`, null, { timeout: 60_000 });
  const t = (await page.evaluate<Record<string, number | null>>(`(() => {
    const at = (name) => { const m = performance.getEntriesByName(name)[0]; return m ? Math.round(m.startTime) : null; };
    const get = performance.getEntriesByType("resource").find((e) => { const p = new URL(e.name).pathname.split("/"); return p.length === 4 && p[1] === "api" && p[2] === "documents"; });
    const nav = performance.getEntriesByType("navigation")[0];
    return {
      html: nav ? Math.round(nav.responseEnd) : null,
      getStart: get ? Math.round(get.startTime) : null,
      getEnd: get ? Math.round(get.responseEnd) : null,
      getBytes: get ? get.encodedBodySize : null,
      document: at("draftsmith:document"),
      liveStart: at("draftsmith:live-start"),
      connected: at("draftsmith:connected"),
      localLoaded: at("draftsmith:local-loaded"),
      editor: at("draftsmith:editor"),
      received: at("draftsmith:sync-received"),
      synced: at("draftsmith:synced"),
      shown: at("bench-open-shown"),
      painted: at("bench-open-painted"),
    };
  })()`));
  const f = (v: number | null | undefined) => (v === null || v === undefined ? "–" : String(v));
  const lines = [
    `text painted at ${f(t.painted)} ms after navigation start:`,
    `    app loaded and signed in → live session started ${f(t.liveStart)}, GET of the record ${f(t.getStart)}–${f(t.getEnd)} (${f(t.getBytes)} B on the wire, record in hand ${f(t.document)})`,
    `    socket accepted ${f(t.connected)}, server's state arrived ${f(t.received)} (server load + send: ${t.connected != null && t.received != null ? t.received - t.connected : "–"} ms)`,
    `    editor created ${f(t.editor)}, copy on this device read ${f(t.localLoaded)}, editor holds the server's text ${f(t.synced)}, text shown ${f(t.shown)}, painted ${f(t.painted)}`,
  ];
  return lines.join("\n");
}

async function openIn(browser: Browser, ctx: PassContext, id: string, profileFile?: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await putSessionInContext(context, ctx.url, ctx.session);
  await context.addInitScript(PROBE);
  const page = await context.newPage();
  let cdp: CDPSession | null = null;
  if (OPEN_CPU) {
    // Same origin first, so the opening stays in the renderer the profiler is attached to.
    await page.goto(`${ctx.url}/api/health/live`);
    cdp = await context.newCDPSession(page);
    if (profileFile) {
      await cdp.send("Profiler.enable");
      await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
      await cdp.send("Profiler.start");
    }
    await startTrace(cdp);
  }
  const serverCpuBefore = processCpuMs(ctx.serverPid);
  const t0 = Date.now();
  await page.goto(`${ctx.url}/editor/${id}`);
  await page.locator(".draftsmith-prose").waitFor({ state: "visible", timeout: 120_000 });
  const openMs = Date.now() - t0;
  let breakdown = await openBreakdown(page);
  const serverCpuAfter = processCpuMs(ctx.serverPid);
  if (serverCpuBefore !== null && serverCpuAfter !== null) {
    // Clock ticks of 10 ms; the server also answers the page's other reads meanwhile.
    breakdown += `\n    server process CPU, navigation → text painted (all threads, 10 ms ticks): ${(serverCpuAfter - serverCpuBefore).toFixed(0)} ms`;
  }
  if (cdp) {
    if (profileFile) fs.writeFileSync(profileFile, JSON.stringify((await cdp.send("Profiler.stop")).profile));
    breakdown += `\n    ${openCpu(await stopTrace(cdp, false))}`;
    await cdp.detach();
  }
  return { page, context, openMs, breakdown };
}

/** Main-thread time from navigation start to the first frame painted with the text, by bucket. */
function openCpu(events: TraceEvent[]): string {
  const painted = events.find((e) => e.name === "bench-open-painted");
  const nav = events.find((e) => e.name === "navigationStart" && painted && e.pid === painted.pid && e.tid === painted.tid && e.ts < painted.ts);
  if (!painted || !nav) return "main-thread CPU to the text painted: – (marks not in the trace)";
  const onMain = events.filter((e) => e.pid === painted.pid && e.tid === painted.tid && e.ph === "X" && e.dur !== undefined);
  onMain.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const parts = (clock: Clock) => {
    const b = selfTimeByBucket(onMain, nav.ts, painted.ts, clock);
    const total = BUCKETS.reduce((s, k) => s + b[k], 0) / 1000;
    return `${total.toFixed(0)} ms (${BUCKETS.map((k) => `${k} ${(b[k] / 1000).toFixed(0)}`).join(", ")})`;
  };
  // CPU between the opening's marks (those that happened, in the order they happened).
  const marks = events
    .filter((e) => e.pid === painted.pid && e.tid === painted.tid && /^draftsmith:|^bench-open-/.test(e.name) && e.ts >= nav.ts && e.ts <= painted.ts)
    .sort((a, b) => a.ts - b.ts);
  const steps: string[] = [];
  let from = nav;
  for (const m of marks) {
    const b = selfTimeByBucket(onMain, from.ts, m.ts, "cpu");
    steps.push(`${(BUCKETS.reduce((s, k) => s + b[k], 0) / 1000).toFixed(0)} → ${m.name.replace(/^draftsmith:|^bench-open-/, "")}`);
    from = m;
  }
  return `main thread, navigation start → text painted (${((painted.ts - nav.ts) / 1000).toFixed(0)} ms under tracing): CPU ${parts("cpu")}; elapsed in tasks ${parts("wall")}\n      CPU ms by step: ${steps.join(", ")}`;
}

async function openEditor(browser: Browser, ctx: PassContext) {
  const id = await createDocument(ctx.url, ctx.session, ctx.doc);
  const first = await openIn(browser, ctx, id);
  await first.context.close();
  // The server lets the document go once its last editor has left (nothing to store here);
  // the second open then reads the stored state.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const second = await openIn(browser, ctx, id, OPEN_PROFILE_FILE);
  // Let the opening's deferred work (first count, lazily loaded toolbar) finish first.
  await second.page.waitForTimeout(1500);
  await placeCaretInTheMiddle(second.page);
  const opening = [
    `first open (the server converts the JSON): opened in ${first.openMs} ms; ${first.breakdown}`,
    `second open (state stored, nothing on this device): opened in ${second.openMs} ms; ${second.breakdown}`,
  ].join("\n  ");
  return { page: second.page, context: second.context, opening };
}

async function runPass(name: PassName, ctx: PassContext) {
  const flags = PASS_FLAGS[name];
  const loadAtStart = load();
  const steal = stealMeter();
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, ...flags], headless: true });
  try {
    const { page, context, opening } = await openEditor(browser, ctx);
    const keys = name === "trace" ? TRACE_KEYS : KEYS;
    let cdp: CDPSession | null = null;
    if (name === "trace") {
      cdp = await context.newCDPSession(page);
      if (PROFILE_FILE) await cdp.send("Profiler.enable");
      if (PROFILE_FILE) await cdp.send("Profiler.start");
      await startTrace(cdp);
    }
    const lat = await typeMeasured(page, keys);
    const status = (await page.evaluate(`document.querySelector("[data-save-status]")?.textContent ?? ""`)) as string;
    console.log(`\n[${name}] flags: ${flags.join(" ") || "(Chromium's default frame clock, 60 Hz)"} · load at start ${loadAtStart}, at end ${load()} · ${steal()}`);
    console.log(`  ${opening}`);
    console.log(`  keys measured: ${lat.length}; save indicator at the end: ${status}`);
    if (cdp) {
      if (PROFILE_FILE) fs.writeFileSync(PROFILE_FILE, JSON.stringify((await cdp.send("Profiler.stop")).profile));
      const events = await stopTrace(cdp);
      for (const clock of ["wall", "cpu"] as const) {
        const work = workPerKey(events, clock);
        const what = clock === "wall" ? "elapsed" : "CPU time of the main thread";
        console.log(`  main-thread work per key, ${what} (trace, ${work.length} keys; keydown dispatch → painted frame):`);
        console.log(`    total   ${summary(work.map((k) => k.total))}`);
        for (const b of BUCKETS) console.log(`    ${b.padEnd(7)} ${summary(work.map((k) => k[b]))}`);
      }
      console.log(`  latency under tracing (inflated by the tracer): ${summary(lat)}`);
    } else {
      console.log(`  keydown → frame painted: ${summary(lat)}`);
    }
    await context.close();
  } finally {
    await browser.close();
  }
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
  try {
    await waitForHealth(url, proc, output, 120_000);
    const session = await signUpViaApi(url);
    await fetch(`${url}/api/settings/preferences`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${session.access_token}` },
      body: JSON.stringify({ grammarCheck: GRAMMAR === "on" }),
    }).then((res) => {
      if (!res.ok) throw new Error(`preferences: ${res.status}`);
    });
    const doc = bigDocument(WORDS);
    console.log("Editor keystroke-to-paint latency (one key at a time, typed in the middle of the document)");
    console.log(`  machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Chromium ${chromiumPath()}`);
    console.log(`  document: ${WORDS.toLocaleString()} words in ${(doc.content as unknown[]).length} top-level blocks, ${(JSON.stringify(doc).length / 1024).toFixed(0)} KB JSON; viewport 1280×800`);
    console.log(`  base flags: ${CHROMIUM_ARGS.join(" ")}`);
    console.log(`  spelling and grammar as you type: ${GRAMMAR} (BENCH_GRAMMAR)`);
    console.log("  latency: keydown event timestamp → the frame after the key's input event is painted (main thread)");
    console.log("  the vsync pass includes waiting for the next 60 Hz frame (0–16.7 ms), the unlimited pass does not");
    for (const pass of PASSES) {
      if (!(pass in PASS_FLAGS)) throw new Error(`unknown pass ${pass} (unlimited, vsync, trace)`);
      await runPass(pass, { url, session, doc, serverPid: proc.pid });
    }
  } finally {
    const exited = exitOf(proc);
    proc.kill("SIGTERM");
    await exited;
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
