// A new embedded database starts as a copy of a freshly initialised one. PGlite creates a
// database by running PostgreSQL's initdb in WebAssembly: 3–8 s of CPU on this project's
// 2-core machines, most of a first start, and it left ~0.5 GB of the server's memory behind
// (malloc arenas that never shrink). The build makes one such directory next to the server
// bundle by running this file (`node pglite-template.mjs <dir>`) in a process of its own, so
// that a build inside `npm start` does not keep initdb's memory either; copying it takes
// ~0.2 s. It is keyed to the PGlite version, since another version may lay out its files
// differently. Without it (running from the sources, an in-memory database) PGlite runs
// initdb as before.
// Plain JavaScript: the build script and the database's thread (pglite-worker.mjs) use it.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The file in a template that names the PGlite version that made it. */
const MARKER = "draftsmith-template-version";

function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

/** Whether `templateDir` holds a template made by the installed PGlite version. */
export function templateIsReady(templateDir) {
  try {
    return fs.readFileSync(path.join(templateDir, MARKER), "utf8") === pgliteVersion();
  } catch {
    return false;
  }
}

/** Makes the template in `templateDir` unless one for this PGlite version is there. */
async function ensureTemplate(templateDir) {
  if (templateIsReady(templateDir)) return;
  // Made aside and renamed into place: two builds at once never see half a template.
  const partial = `${templateDir}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create(partial);
  // A checkpoint so the copy starts with no WAL to replay.
  await pg.exec("CHECKPOINT");
  await pg.close();
  fs.writeFileSync(path.join(partial, MARKER), pgliteVersion());
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.renameSync(partial, templateDir);
}

/**
 * Fills `dataDir` from the template when it holds no database yet; false when there is no
 * usable template (PGlite then creates the database itself). PG_VERSION, which PGlite
 * looks for to tell a database from an empty directory, is copied last: a copy cut short
 * is redone at the next start.
 */
export function seedFromTemplate(dataDir, templateDir) {
  if (fs.existsSync(path.join(dataDir, "PG_VERSION")) || !templateIsReady(templateDir)) return false;
  for (const entry of fs.readdirSync(templateDir)) {
    if (entry === "PG_VERSION" || entry === MARKER) continue;
    // A copy-on-write clone where the file system can make one (btrfs, XFS), else a copy.
    fs.cpSync(path.join(templateDir, entry), path.join(dataDir, entry), { recursive: true, force: true, mode: fs.constants.COPYFILE_FICLONE });
  }
  fs.copyFileSync(path.join(templateDir, "PG_VERSION"), path.join(dataDir, "PG_VERSION"));
  return true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await ensureTemplate(path.resolve(process.argv[2] ?? "pglite-template"));
}
