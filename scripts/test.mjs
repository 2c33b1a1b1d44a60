// `npm test`: unit and integration tests on PGlite, and beside them the integration suite
// again on PostgreSQL when TEST_DATABASE_URL is set followed by the fault suite; the build
// for end to end starts as soon as the PGlite run ends; then end-to-end in Chromium.
// Without Chromium the end-to-end run is skipped loudly (a failure with REQUIRE_E2E=1).
//
// End to end runs in two parts (E2E_SPLIT=1, see vitest.config.ts): the files that share
// nothing (each starts its own server on its own port and data directory, and its own
// browser), up to three at a time when the cores are idle enough (e2eWorkers; E2E_WORKERS sets it),
// the files known to run longest first (e2e/support/file-order.ts), then the few files that
// time the app against the wall clock, one at a time alone.
//
// After each part it prints the wall time, the CPU time of the processes this run reaped
// (from /proc/self/stat), how many of the machine's cores were busy meanwhile (from
// /proc/stat, every process on the machine) and the load average, then each part's longest
// files (TEST_REPORT_DIR keeps vitest's JSON report per part). The reaped CPU leaves out
// Chromium's renderers (a browser whose page ran 3 s of script added 0.6 s to it) and the
// PostgreSQL server: an end-to-end file's whole process tree used 2.4 times
// what this run counts (palette-commands: 39.5 s against 16.3 s, 2026-11-27). So the
// machine's busy cores say whether a part fills the cores (on a host where nothing else
// runs): where it leaves them idle, running more at once can help; where it fills them, only
// less work can.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildAll } from "./build.mjs";

const failures = [];
const timings = [];
const TICKS = 100;

/** CPU seconds of this process's reaped children (user + system), Linux only. */
function childrenCpu() {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return Number.NaN;
  }
}

/** Busy and total jiffies of the whole machine since boot (/proc/stat), Linux only. */
function machineTicks() {
  try {
    const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    // user nice system idle iowait irq softirq steal: steal is another guest's time.
    return { busy: f[0] + f[1] + f[2] + f[5] + f[6], total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return { busy: Number.NaN, total: Number.NaN };
  }
}

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** The machine's busy cores since `before` (machineTicks), averaged over the span. */
function machineBusy(before) {
  const now = machineTicks();
  return (os.cpus().length * (now.busy - before.busy)) / Math.max(1, now.total - before.total);
}

async function timed(label, work) {
  const started = performance.now();
  const cpuBefore = childrenCpu();
  const selfBefore = process.cpuUsage();
  const loadBefore = load();
  const machineBefore = machineTicks();
  const ok = await work();
  const wall = (performance.now() - started) / 1000;
  const self = process.cpuUsage(selfBefore);
  const cpu = childrenCpu() - cpuBefore + (self.user + self.system) / 1e6;
  timings.push({ label, wall, cpu, machine: machineBusy(machineBefore), loadBefore, loadAfter: load() });
  if (!ok) failures.push(label);
  return ok;
}

/**
 * Each part also writes vitest's JSON report (every file's duration, every failure) to
 * TEST_REPORT_DIR, or to a temporary folder: the failed tests are listed again at the very end,
 * where a log cut to its last lines still shows them.
 */
const reportDir = process.env.TEST_REPORT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-test-"));
const reportFile = (label) => path.join(reportDir, `${label.replace(/[^a-z0-9]+/gi, "-")}.json`);
function reportArgs(label) {
  fs.mkdirSync(reportDir, { recursive: true });
  return ["--reporter=default", "--reporter=json", `--outputFile=${reportFile(label)}`];
}

/**
 * "file › test: first line of the error" for each test of a part that failed (or, with
 * `retried`, that passed only on its second try), or each file that failed to load.
 */
function failedTests(label, { retried = false } = {}) {
  try {
    const report = JSON.parse(fs.readFileSync(reportFile(label), "utf8"));
    const lines = [];
    for (const file of report.testResults ?? []) {
      const name = path.relative(process.cwd(), file.name);
      const failed = (file.assertionResults ?? []).filter((t) =>
        retried ? t.status === "passed" && t.failureMessages?.length > 0 : t.status === "failed",
      );
      for (const t of failed) lines.push(`${name} › ${t.fullName}: ${String(t.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 300)}`);
      if (!retried && !failed.length && file.status === "failed") lines.push(`${name}: ${String(file.message ?? "").split("\n")[0].slice(0, 300)}`);
    }
    return lines;
  } catch {
    return [`(no report for ${label})`];
  }
}

/**
 * What a part printed about errors outside its tests: vitest's "Unhandled Errors" section (or
 * any line naming an error) from the part's log, where the part had one, up to 40 lines.
 */
function errorsOutsideTests(label) {
  const log = laneLog(label);
  if (!fs.existsSync(log)) return "  (no failed test in its report; its own output is above)";
  const text = fs.readFileSync(log, "utf8").split("\n");
  const start = text.findIndex((l) => /Unhandled|Error:|ERR_|Segmentation|killed|timed out/i.test(l));
  if (start < 0) return `  (no failed test in its report, and no error in its log; its last lines:)\n${text.slice(-15).join("\n")}`;
  return `  (no failed test in its report; from its log:)\n${text.slice(Math.max(0, start - 2), start + 40).join("\n")}`;
}

/**
 * A part's longest files, "12 s file" each, from its JSON report: the start of the list of
 * end-to-end files to start first (e2e/support/file-order.ts).
 */
function longestFiles(label, count) {
  try {
    const report = JSON.parse(fs.readFileSync(reportFile(label), "utf8"));
    return (report.testResults ?? [])
      .map((f) => ({ name: path.relative(process.cwd(), f.name), seconds: (f.endTime - f.startTime) / 1000 }))
      .filter((f) => Number.isFinite(f.seconds))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, count)
      .map((f) => `${f.seconds.toFixed(0)} s ${f.name}`);
  } catch {
    return [];
  }
}

/** The share of the machine's CPU time that was idle over the next `ms` (from /proc/stat). */
async function idleShare(ms) {
  const read = () => {
    const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((a, b) => a + b, 0), idle: fields[3] + fields[4] };
  };
  try {
    const a = read();
    await new Promise((r) => setTimeout(r, ms));
    const b = read();
    return (b.idle - a.idle) / Math.max(1, b.total - a.total);
  } catch {
    return 1;
  }
}

/**
 * How many end-to-end files at a time: three where the cores idle (one file alone, its
 * browser and server counted whole, keeps 0.7–0.8 of a core busy: editor 34 s of CPU in 47 s,
 * palette-commands 39.5 s in 52 s, 2026-11-27 at load 10–14; three fill two cores), two where
 * they are half idle, one when other work already keeps the machine busy (there another file
 * only divides each file's share and stretches its waits toward their limits).
 * Measured now, between parts, when this run itself is idle.
 */
async function e2eWorkers() {
  const idle = await idleShare(5000);
  const workers = idle >= 0.7 ? "3" : idle >= 0.5 ? "2" : "1";
  console.log(`\nCPU idle over 5 s before end-to-end: ${(idle * 100).toFixed(0)}% (load average ${load()}): ${workers} file(s) at a time (E2E_WORKERS overrides)`);
  return workers;
}

/**
 * Runs one vitest part. Its output goes to the terminal, or with `logFile` to that file, printed
 * whole once the part ends (a part running beside another would interleave its lines).
 * With `shared`, the part runs beside others: its row gets its wall time, and the CPU is
 * counted once for the group (the children's CPU of this process cannot be told apart).
 */
function run(label, args, env = {}, { logFile, shared = false } = {}) {
  const work = async () => {
    const child = spawn("npx", ["vitest", "run", ...args, ...reportArgs(label)], {
      stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, ...env },
    });
    if (logFile) {
      const out = fs.createWriteStream(logFile);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    } else console.log(`\n=== ${label} ===`);
    const code = await new Promise((resolve) => child.on("close", resolve));
    if (logFile) console.log(`\n=== ${label} ===\n${fs.readFileSync(logFile, "utf8")}`);
    return code === 0;
  };
  return shared ? besideOthers(label, work) : timed(label, work);
}

/** `timed` for work that runs beside other parts: its CPU is counted in its group's row. */
async function besideOthers(label, work) {
  const started = performance.now();
  const loadBefore = load();
  const machineBefore = machineTicks();
  const ok = await work();
  timings.push({ label, wall: (performance.now() - started) / 1000, cpu: Number.NaN, machine: machineBusy(machineBefore), loadBefore, loadAfter: load() });
  if (!ok) failures.push(label);
  return ok;
}

// Two lanes side by side: the PGlite run keeps about 1.5 of the 2 cores busy, the PostgreSQL
// integration run about 0.8 (it waits on the database) and the fault suite about 1.35; one
// after the other they took 379 + 172 + 262 s (CI, 2026-11-27, load 3–7). The fault suite
// restarts PostgreSQL, so it follows the PostgreSQL integration run in its lane, never beside it.
const laneLog = (label) => path.join(reportDir, `${label.replace(/[^a-z0-9]+/gi, "-")}.log`);
const chromium = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && fs.existsSync(p));
// The build for end to end starts when the PGlite run ends: the other lane then runs the
// fault suite alone, one file at a time, and leaves part of the cores to it (the fault suite
// kept about 1.35 of 2 busy); before that both lanes fill them.
const buildLabel = "build for end-to-end (from the end of the PGlite run)";
await timed("all of the above (CPU of the two lanes and the build)", async () => {
  await Promise.all([
    run("unit + integration (PGlite)", ["--project", "unit", "--project", "integration", "--project", "integration-isolated"], {}, { shared: true }).then(
      () =>
        chromium &&
        besideOthers(buildLabel, async () => {
          await buildAll({ quiet: true });
          return true;
        }),
    ),
    (async () => {
      if (process.env.TEST_DATABASE_URL) {
        const label = "integration (PostgreSQL)";
        await run(label, ["--project", "integration", "--project", "integration-isolated"], { DRAFTSMITH_TEST_DB: "postgres" }, { logFile: laneLog(label), shared: true });
      } else {
        console.log("\nTEST_DATABASE_URL is not set: the integration suite ran on PGlite only.");
      }
      const label = "faults";
      await run(label, ["--project", "faults", "--passWithNoTests"], {}, { logFile: laneLog(label), shared: true });
    })(),
  ]);
  // Each part has counted its own failure.
  return true;
});

// End to end runs after the lanes, alone. Run beside end to end, the fault suite and the
// PostgreSQL integration run took 999 s and 808 s (alone: ~300 s and ~260 s), end to end took
// 1,617 s (alone: ~800 s), 2026-11-27 at load 3–13. This run's reaped processes showed only
// 1.0 of 2 cores busy then, but that count leaves out Chromium's renderers (see the top):
// counted whole, end to end alone fills the cores, so beside the lanes it only shares them.
if (!chromium) {
  const msg = "\n!!! No Chromium found (set CHROMIUM_PATH or `apt-get install chromium`): END-TO-END TESTS SKIPPED !!!\n";
  console.error(msg);
  if (process.env.REQUIRE_E2E === "1") failures.push("e2e (no Chromium, REQUIRE_E2E=1)");
} else {
  const workers = process.env.E2E_WORKERS ?? (await e2eWorkers());
  const env = { CHROMIUM_PATH: chromium, E2E_SPLIT: "1", E2E_WORKERS: workers };
  await run(`end-to-end (Chromium), ${workers} at a time`, ["--project", "e2e"], env);
  await run("end-to-end (Chromium), timed files one at a time", ["--project", "e2e-alone", "--passWithNoTests"], env);
}

console.log(`\n| part | wall | CPU reaped | machine's cores busy (of ${os.cpus().length}) | load average before → after |`);
console.log("|---|---|---|---|---|");
for (const t of timings) {
  const cpu = Number.isNaN(t.cpu) ? "(in the row below)" : `${t.cpu.toFixed(0)} s`;
  console.log(`| ${t.label} | ${t.wall.toFixed(0)} s | ${cpu} | ${t.machine.toFixed(2)} | ${t.loadBefore} → ${t.loadAfter} |`);
}
console.log(
  "(CPU reaped: this run's processes without Chromium's renderers and the PostgreSQL server. Cores busy: every process on the machine, so this run's own only where nothing else runs.)",
);

for (const { label } of timings) {
  const longest = fs.existsSync(reportFile(label)) ? longestFiles(label, 8) : [];
  if (longest.length) console.log(`\nLongest files in ${label}: ${longest.join(", ")}`);
}

for (const { label } of timings) {
  const retried = fs.existsSync(reportFile(label)) ? failedTests(label, { retried: true }) : [];
  if (!retried.length) continue;
  console.log(`\nPassed only on a second try in ${label}:`);
  for (const line of retried) console.log(`  ${line}`);
}

if (failures.length) {
  for (const label of failures) {
    console.error(`\nFailed in ${label}:`);
    const lines = failedTests(label);
    for (const line of lines) console.error(`  ${line}`);
    // A part can fail with every test passed: an error outside any test (vitest's "Unhandled
    // Errors"), a worker that died, or a run that did not end. Its own words are in its log.
    if (!lines.length) console.error(errorsOutsideTests(label));
  }
  console.error(`\nFAILED: ${failures.join(", ")}`);
  process.exit(1);
}
console.log("\nAll test suites passed.");
