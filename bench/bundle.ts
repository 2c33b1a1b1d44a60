// bench:bundle — what Chromium downloads, in bytes on the wire (compressed, headers
// included), for two cold page loads of the built app, each in a fresh browser context with
// no interaction, until the network is idle:
//   - the landing page (/ signed out), budget 90 KB;
//   - the editor route (/editor/:id, signed in, opened directly), budget 260 KB.
// It counts the document, scripts and stylesheets (from the Chrome DevTools Protocol's
// Network.loadingFinished, whose encodedDataLength is what came over the socket), and shows
// the other requests (API calls, fonts) apart. It also checks that no editor code (TipTap /
// ProseMirror) is among the chunks the landing page loads, now or later (lazy pricing
// cards, auth dialog), from the built files.
// Usage: npm run bench:bundle   (builds first)   or   tsx bench/bundle.ts [--json]
// The build directory is dist (or $DRAFTSMITH_DIST); Chromium is $CHROMIUM_PATH or /usr/bin/chromium.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { apiRequest } from "../e2e/support/api.js";
import { putSessionInContext, signUpViaApi } from "../e2e/support/auth.js";
import { launchBrowser } from "../e2e/support/browser.js";
import { type RunningServer, startServer } from "../e2e/support/server.js";
import { machineLine } from "./lib/stats.js";

const LANDING_BUDGET_BYTES = 90 * 1024;
const EDITOR_BUDGET_BYTES = 260 * 1024;
/** Resource types counted against the budgets: what the page needs to show itself. */
const COUNTED = new Set(["Document", "Script", "Stylesheet"]);

const distDir = path.resolve(process.env.DRAFTSMITH_DIST ?? "dist", "client");
const assetsDir = path.join(distDir, "assets");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!fs.existsSync(assetsDir)) fail(`No build at ${distDir}; run \`npm run build\` first.`);

// ---- Editor code on the landing page: read from the built chunks' imports. ----

const jsFiles = fs.readdirSync(assetsDir).filter((f) => f.endsWith(".js"));
const source = new Map(jsFiles.map((f) => [f, fs.readFileSync(path.join(assetsDir, f), "utf8")]));

/** Chunks a chunk loads later with `import("./x.js")` (lazy components). */
function dynamicImports(file: string): string[] {
  const out = new Set<string>();
  for (const m of (source.get(file) ?? "").matchAll(/\bimport\(\s*["'`](?:\.\/|\/assets\/)([^"'`]+\.js)["'`]\s*\)/g)) out.add(m[1]!);
  return [...out].filter((f) => source.has(f));
}

/** Chunks a chunk imports statically (`import ... from "./x.js"` / `import "./x.js"`). */
function staticImports(file: string): string[] {
  const out = new Set<string>();
  for (const m of (source.get(file) ?? "").matchAll(/(?:\bfrom\s*|\bimport\s*)["'](?:\.\/|\/assets\/)([^"']+\.js)["']/g)) out.add(m[1]!);
  return [...out].filter((f) => source.has(f));
}

function closure(roots: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length) {
    const f = stack.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return seen;
}

/** "LandingPage" and "landing-page" alike: the chunk takes its module's file name. */
const normalized = (name: string) => name.toLowerCase().replace(/[-_]/g, "");

/** The chunk named `name`, e.g. "landing-page-AbC12_3x.js" (the hash is 8 characters), if there is one. */
function chunkNamed(name: string): string | undefined {
  return jsFiles.find((f) => normalized(f.slice(0, -".js".length - 9)) === normalized(name));
}

/**
 * The chunk holding a page: Vite names it after the page's module ("landing-page-…"), or the
 * page travels in a file named in scripts/client-chunks.ts ("landing-…").
 */
function chunkOf(...names: string[]): string {
  for (const name of names) {
    const file = chunkNamed(name);
    if (file) return file;
  }
  return fail(`No chunk for ${names.join(" or ")} in ${assetsDir}`);
}

const EDITOR_MARKERS = [/prosemirror/i, /@tiptap/, /\bProseMirror\b/, /tiptap/i];

/** Landing chunks (static and lazy, plus any the browser actually loaded) that hold editor code. */
function editorCodeOnLanding(loadedScripts: string[]): string[] {
  const html = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
  const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] ?? fail("No entry script in index.html");
  // The home route rides in the entry's file when scripts/client-chunks.ts puts it there.
  const home = chunkNamed("HomePage");
  const landingPage = chunkOf("LandingPage", "landing");
  const landing = closure([entry, ...(home ? [home] : []), landingPage]);
  const later = closure([landingPage].flatMap(dynamicImports));
  const loaded = loadedScripts.map((url) => path.basename(new URL(url).pathname)).filter((f) => source.has(f));
  const all = new Set([...landing, ...later, ...loaded]);
  return [...all].filter((f) => EDITOR_MARKERS.some((re) => re.test(source.get(f)!))).sort();
}

// ---- Bytes on the wire, measured in Chromium. ----

interface Download {
  url: string;
  type: string;
  /** Bytes over the socket: compressed body plus headers. */
  wireBytes: number;
  /** Of which the response headers (HTTP/1.1 sends them uncompressed). */
  headerBytes: number;
  /** Body bytes once decoded. */
  bodyBytes: number;
  encoding: string;
}

interface Measurement {
  route: string;
  wireBytes: number;
  headerBytes: number;
  bodyBytes: number;
  budgetBytes: number;
  otherWireBytes: number;
  downloads: Download[];
}

/** Opens `url` in a new page of `context` and records every download until the network is idle. */
async function measure(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>): Promise<Download[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  const seen = new Map<string, Download>();
  cdp.on("Network.responseReceived", (e) => {
    const encoding = Object.entries(e.response.headers).find(([k]) => k.toLowerCase() === "content-encoding")?.[1] ?? "identity";
    // At this point the response's encodedDataLength counts the headers alone.
    const headerBytes = e.response.encodedDataLength;
    seen.set(e.requestId, { url: e.response.url, type: e.type, wireBytes: 0, headerBytes, bodyBytes: 0, encoding: String(encoding) });
  });
  cdp.on("Network.dataReceived", (e) => {
    const d = seen.get(e.requestId);
    if (d) d.bodyBytes += e.dataLength;
  });
  cdp.on("Network.loadingFinished", (e) => {
    const d = seen.get(e.requestId);
    if (d) d.wireBytes = e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  await ready(page);
  await page.waitForLoadState("networkidle");
  await cdp.detach();
  await page.close();
  return [...seen.values()].filter((d) => d.wireBytes > 0);
}

function summarize(route: string, downloads: Download[], budgetBytes: number): Measurement {
  const counted = downloads.filter((d) => COUNTED.has(d.type));
  const sum = (list: Download[], f: (d: Download) => number) => list.reduce((n, d) => n + f(d), 0);
  return {
    route,
    wireBytes: sum(counted, (d) => d.wireBytes),
    headerBytes: sum(counted, (d) => d.headerBytes),
    bodyBytes: sum(counted, (d) => d.bodyBytes),
    budgetBytes,
    otherWireBytes: sum(
      downloads.filter((d) => !COUNTED.has(d.type)),
      (d) => d.wireBytes,
    ),
    downloads: downloads.sort((a, b) => b.wireBytes - a.wireBytes),
  };
}

async function run() {
  const loadBefore = os.loadavg();
  let server: RunningServer | undefined;
  const browser = await launchBrowser();
  try {
    server = await startServer({ startTimeoutMs: 120_000 });
    const base = server.url;

    const landingContext = await browser.newContext();
    const landingDownloads = await measure(landingContext, `${base}/`, async (page) => {
      await page.getByRole("heading").first().waitFor({ state: "visible" });
    });
    await landingContext.close();

    const session = await signUpViaApi(base);
    const doc = await apiRequest<{ id: string }>(base, session, "POST", "/api/documents", { title: "Bundle bench" });
    const editorContext = await browser.newContext();
    // Signing in visits /api/health in this context; the measured page is a new one.
    await putSessionInContext(editorContext, base, session);
    const editorDownloads = await measure(editorContext, `${base}/editor/${doc.id}`, async (page) => {
      await page.locator(".draftsmith-prose").waitFor({ state: "visible", timeout: 30_000 });
    });
    await editorContext.close();

    const landing = summarize("/ (signed out)", landingDownloads, LANDING_BUDGET_BYTES);
    const editor = summarize("/editor/:id (signed in)", editorDownloads, EDITOR_BUDGET_BYTES);
    const leaks = editorCodeOnLanding(landingDownloads.filter((d) => d.type === "Script").map((d) => d.url));
    return { landing, editor, editorCodeOnLanding: leaks, loadAverage: { before: loadBefore, after: os.loadavg() } };
  } finally {
    await browser.close();
    await server?.stop();
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function print(m: Measurement) {
  const verdict = m.wireBytes <= m.budgetBytes ? "within" : "OVER";
  console.log(
    `${m.route}: ${kb(m.wireBytes)} on the wire for the document, scripts and styles in ${m.downloads.filter((d) => COUNTED.has(d.type)).length} responses, budget ${kb(m.budgetBytes)}: ${verdict}`,
  );
  console.log(
    `    of which headers ${kb(m.headerBytes)} and compressed bodies ${kb(m.wireBytes - m.headerBytes)} (${kb(m.bodyBytes)} decoded); other requests (API, fonts) ${kb(m.otherWireBytes)}`,
  );
  for (const d of m.downloads) {
    const name = new URL(d.url).pathname;
    const body = `${kb(d.wireBytes - d.headerBytes)} ${d.encoding}`;
    console.log(`    ${d.type.padEnd(10)} ${name.slice(0, 48).padEnd(48)} ${kb(d.wireBytes).padStart(9)} = headers ${kb(d.headerBytes).padStart(7)} + ${body.padEnd(14)} ${kb(d.bodyBytes).padStart(9)} decoded`);
  }
}

const report = await run();
if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  console.log(machineLine());
  print(report.landing);
  print(report.editor);
  console.log(
    report.editorCodeOnLanding.length ? `Editor code found on the landing page: ${report.editorCodeOnLanding.join(", ")}` : "No editor code on the landing page.",
  );
  console.log(`load average before ${report.loadAverage.before.map((l) => l.toFixed(2)).join(" ")}, after ${report.loadAverage.after.map((l) => l.toFixed(2)).join(" ")}`);
}

const over = [report.landing, report.editor].some((m) => m.wireBytes > m.budgetBytes);
if (over || report.editorCodeOnLanding.length) process.exitCode = 1;
