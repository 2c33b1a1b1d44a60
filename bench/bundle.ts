// Prints the gzip size of the JavaScript two routes download, from the built client
// (dist/client or $DRAFTSMITH_DIST/client):
//   - the landing page (/ signed out): the entry chunk, the HomePage and LandingPage
//     chunks, and every chunk those import statically (what loads before any click);
//   - the editor route (/editor/:id): the entry plus the EditorPage chunk and its static imports.
// It also lists what the landing page loads later (lazy pricing cards and auth dialog), and
// checks that no editor code (TipTap / ProseMirror) is among any of the landing page's chunks.
// Usage: npm run bench:bundle   (builds first)   or   tsx bench/bundle.ts [--json]
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const LANDING_BUDGET_BYTES = 100 * 1024;

const distDir = path.resolve(process.env.DRAFTSMITH_DIST ?? "dist", "client");
const assetsDir = path.join(distDir, "assets");

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!fs.existsSync(assetsDir)) fail(`No build at ${distDir}; run \`npm run build\` first.`);

const jsFiles = fs.readdirSync(assetsDir).filter((f) => f.endsWith(".js"));
const source = new Map(jsFiles.map((f) => [f, fs.readFileSync(path.join(assetsDir, f), "utf8")]));

/** Chunks a chunk loads later with `import("./x.js")` (lazy components). */
function dynamicImports(file: string): string[] {
  const code = source.get(file) ?? "";
  const out = new Set<string>();
  for (const m of code.matchAll(/\bimport\(\s*["'`](?:\.\/|\/assets\/)([^"'`]+\.js)["'`]\s*\)/g)) out.add(m[1]!);
  return [...out].filter((f) => source.has(f));
}

/** Chunks a chunk imports statically (`import ... from "./x.js"` / `import "./x.js"`). */
function staticImports(file: string): string[] {
  const code = source.get(file) ?? "";
  const out = new Set<string>();
  for (const m of code.matchAll(/(?:\bfrom\s*|\bimport\s*)["'](?:\.\/|\/assets\/)([^"']+\.js)["']/g)) out.add(m[1]!);
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

/** The chunk Vite named after a page module, e.g. "LandingPage-AbC123.js". */
function chunkOf(name: string): string {
  const found = jsFiles.find((f) => f.startsWith(`${name}-`) && f.endsWith(".js"));
  return found ?? fail(`No chunk for ${name} in ${assetsDir}`);
}

const html = fs.readFileSync(path.join(distDir, "index.html"), "utf8");
const entry = /<script[^>]+type="module"[^>]+src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] ?? fail("No entry script in index.html");

const gzip = (file: string) => zlib.gzipSync(source.get(file)!, { level: 9 }).length;
const raw = (file: string) => Buffer.byteLength(source.get(file)!);
const sum = (files: Iterable<string>, f: (x: string) => number) => [...files].reduce((n, x) => n + f(x), 0);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const landing = closure([entry, chunkOf("HomePage"), chunkOf("LandingPage")]);
// What the landing page loads later: its lazy parts (pricing cards after the first view, the auth dialog on first click).
const landingLater = [...closure([...landing].filter((f) => f.startsWith("LandingPage-")).flatMap(dynamicImports))].filter(
  (f) => !landing.has(f),
);
const editor = closure([entry, chunkOf("EditorPage")]);
const editorOnly = [...editor].filter((f) => !closure([entry]).has(f));

const EDITOR_MARKERS = [/prosemirror/i, /@tiptap/, /\bProseMirror\b/, /tiptap/i];
const leaks = [...landing, ...landingLater].filter((f) => EDITOR_MARKERS.some((re) => re.test(source.get(f)!)));

const report = {
  landing: { files: [...landing].sort(), gzipBytes: sum(landing, gzip), rawBytes: sum(landing, raw) },
  landingLazy: { files: landingLater.sort(), gzipBytes: sum(landingLater, gzip) },
  editor: {
    files: [...editor].sort(),
    gzipBytes: sum(editor, gzip),
    rawBytes: sum(editor, raw),
    routeOnlyGzipBytes: sum(editorOnly, gzip),
  },
  landingBudgetBytes: LANDING_BUDGET_BYTES,
  editorCodeOnLanding: leaks,
};

if (process.argv.includes("--json")) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const rows = (files: string[]) => files.map((f) => `    ${f.padEnd(44)} ${kb(gzip(f)).padStart(10)} gzip`).join("\n");
  console.log(`Landing page JS: ${kb(report.landing.gzipBytes)} gzip (${kb(report.landing.rawBytes)} raw), budget ${kb(LANDING_BUDGET_BYTES)}`);
  console.log(rows(report.landing.files));
  console.log(
    `  + loaded later by the landing page (pricing cards after the first view, auth dialog on first open): ${kb(report.landingLazy.gzipBytes)} gzip; total ${kb(report.landing.gzipBytes + report.landingLazy.gzipBytes)}`,
  );
  console.log(rows(report.landingLazy.files));
  console.log(
    `Editor route JS: ${kb(report.editor.gzipBytes)} gzip (${kb(report.editor.rawBytes)} raw); ${kb(report.editor.routeOnlyGzipBytes)} of it beyond the shared entry`,
  );
  console.log(rows(report.editor.files));
  console.log(leaks.length ? `Editor code found on the landing page: ${leaks.join(", ")}` : "No editor code on the landing page.");
}

if (report.landing.gzipBytes > LANDING_BUDGET_BYTES || leaks.length) process.exitCode = 1;
