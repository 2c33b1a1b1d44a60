// Builds what is out of date: the client with Vite (only when its sources changed since
// the last build; its text files also get .br and .gz copies, see scripts/precompress.mjs)
// and the server bundle with esbuild (likewise). Used by `npm start`, `npm run build` and
// the end-to-end tests.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { templateIsCurrent } from "../src/server/db/pglite-template.mjs";
import { precompress } from "./precompress.mjs";
import { serverBundleTrims } from "./server-bundle-trims.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// DRAFTSMITH_DIST lets parallel test runs build into their own directory.
export const distDir = path.resolve(root, process.env.DRAFTSMITH_DIST ?? "dist");
const clientOut = path.join(distDir, "client");
const stamp = path.join(clientOut, ".build-stamp");

function newestMtime(target) {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) {
    if (entry === "node_modules" || entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when any input (paths under the package root) changed after the stamp file was written. */
function isStale(stampFile, inputs) {
  const built = fs.statSync(stampFile, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return Math.max(...inputs.map((p) => newestMtime(path.join(root, p)))) > built;
}

export const clientIsStale = () =>
  isStale(stamp, ["src/client", "src/shared", "vite.config.ts", "scripts/client-chunks.ts", "scripts/route-preloads.ts", "scripts/tiptap-without-markdown.ts", "package.json", "scripts/precompress.mjs"]);

export async function buildClient({ force = false } = {}) {
  if (!force && !clientIsStale()) return false;
  const { build } = await import("vite");
  // Test runners set NODE_ENV=test, which would make Vite emit development React; the
  // app is always built as it ships.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  await build({ configFile: path.join(root, "vite.config.ts"), mode: "production", logLevel: "warn", build: { outDir: clientOut, emptyOutDir: true } });
  if (previous === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = previous;
  await precompress(clientOut);
  fs.writeFileSync(stamp, new Date().toISOString());
  return true;
}

const serverOut = path.join(distDir, "server");
const serverStamp = path.join(serverOut, ".build-stamp");

export const serverIsStale = () => isStale(serverStamp, ["src/server", "src/shared", "package.json", "scripts/build.mjs", "scripts/server-bundle-trims.mjs"]);

/**
 * Packages the server bundle leaves in node_modules: the native password hasher; the
 * embedded database and the grammar checker, which only their worker threads load (with
 * their WebAssembly files beside them); pdfkit and its font stack, which read their own data
 * files at run time; the payment and model SDKs, loaded on first use only; and Fastify's
 * default JSON Schema compilers, which the app replaces (src/server/http/route-schemas.ts)
 * and so never loads.
 */
const SERVER_EXTERNAL = [
  "@node-rs/argon2",
  "@electric-sql/pglite",
  "harper.js",
  "pdfkit",
  "fontkit",
  "linebreak",
  "unicode-properties",
  "stripe",
  "openai",
  "@fastify/ajv-compiler",
  "@fastify/fast-json-stringify-compiler",
];

export async function buildServer({ force = false } = {}) {
  // A warm `npm start` skips the bundle when nothing changed: part of the start-up budget.
  if (!force && !serverIsStale()) return false;
  const esbuild = await import("esbuild");
  const outdir = serverOut;
  fs.rmSync(outdir, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: [path.join(root, "src/server/main.ts")],
    outdir,
    // Code behind a dynamic import() (the app, optional SDKs) goes into chunks of its own,
    // so its packages load only when it does: start-up overlaps loading the app with
    // opening the database, and unused adapters are never loaded.
    splitting: true,
    // Chunks sit beside main.js: modules find migrations, the worker and the client by relative path.
    chunkNames: "[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // Packages are bundled too: resolving and reading a few hundred files of node_modules
    // one by one was most of a warm start's module loading (app import 450 → 170 ms).
    external: SERVER_EXTERNAL,
    plugins: [serverBundleTrims],
    // Bundled CommonJS packages call require() for Node's modules.
    banner: { js: 'import { createRequire as __draftsmithRequire } from "node:module"; const require = __draftsmithRequire(import.meta.url);' },
    sourcemap: true,
    logLevel: "warning",
  });
  const migrationsOut = path.join(outdir, "migrations");
  fs.rmSync(migrationsOut, { recursive: true, force: true });
  fs.cpSync(path.join(root, "src/server/db/migrations"), migrationsOut, { recursive: true });
  // The threads for the embedded database and the grammar checker start from files next to the bundle.
  fs.copyFileSync(path.join(root, "src/server/db/pglite-worker.mjs"), path.join(outdir, "pglite-worker.mjs"));
  fs.copyFileSync(path.join(root, "src/server/db/pglite-bytea.mjs"), path.join(outdir, "pglite-bytea.mjs"));
  fs.copyFileSync(path.join(root, "src/server/ai/offline/grammar-worker.mjs"), path.join(outdir, "grammar-worker.mjs"));
  fs.copyFileSync(path.join(root, "src/server/db/pglite-template.mjs"), path.join(outdir, "pglite-template.mjs"));
  // Says the bundle is ES modules wherever dist sits. Without it, a dist outside the project
  // (a test build in /tmp, a copy deployed alone) has no package.json "type" above it, and
  // Node would work the format out by reading the 5 MB app chunk as text and trying to parse
  // it as CommonJS first: ~100 ms of the main thread's start on a quiet machine.
  fs.writeFileSync(path.join(outdir, "package.json"), `${JSON.stringify({ type: "module" })}\n`);
  fs.writeFileSync(serverStamp, new Date().toISOString());
  return true;
}

/** New data directories start as a copy of this one (src/server/db/pglite-template.mjs). */
export function buildDatabaseTemplate(log = () => {}) {
  const template = path.join(distDir, "pglite-template");
  const migrations = path.join(root, "src/server/db/migrations");
  if (templateIsCurrent(template, migrations)) return;
  log("Preparing the embedded database...");
  execFileSync(process.execPath, [path.join(root, "src/server/db/pglite-template.mjs"), template, migrations], { stdio: "inherit" });
}

export async function buildAll({ force = false, quiet = false } = {}) {
  const started = Date.now();
  const log = (m) => !quiet && console.log(m);
  if (force || clientIsStale()) log("Building the web app (the first start takes about half a minute)...");
  const builtClient = await buildClient({ force });
  await buildServer({ force });
  buildDatabaseTemplate(log);
  if (builtClient) log(`Built in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await buildAll({ force: process.argv.includes("--force") });
}
