// A new embedded database starts as a copy of a freshly initialised and migrated one. PGlite
// creates a database by running PostgreSQL's initdb in WebAssembly: 3–8 s of CPU on this
// project's 2-core machines, most of a first start, and it left ~0.5 GB of the server's
// memory behind (malloc arenas that never shrink); the migrations on an empty database took
// another 0.3–2 s. The build makes one such directory next to the server bundle by running
// this file (`node pglite-template.mjs <dir> <migrations dir>`) in a process of its own, so
// that a build inside `npm start` does not keep initdb's memory either; copying it takes
// ~0.2 s. It holds the schema only (no rows, no secrets: the signing secret is made by the
// server at its first start). It is used only by the PGlite version that made it, since
// another version may lay out its files differently; one made before newer migrations is
// still right, since the server applies those at start (db/migrate.ts). Without it (running
// from the sources, an in-memory database) PGlite runs initdb as before.
// Plain JavaScript: the build script and the database's thread (pglite-worker.mjs) use it.
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The file in a template that says what made it: { pglite: version, migrations: hash }. */
const MARKER = "draftsmith-template.json";

function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  let dir = path.dirname(entry);
  while (!fs.existsSync(path.join(dir, "package.json"))) dir = path.dirname(dir);
  return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
}

function readMarker(templateDir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(templateDir, MARKER), "utf8"));
  } catch {
    return null;
  }
}

/** The committed migrations in the order db/migrate.ts applies them. */
function listMigrations(migrationsDir) {
  return fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((name) => ({ name, sql: fs.readFileSync(path.join(migrationsDir, name), "utf8") }));
}

function migrationsHash(migrations) {
  const hash = crypto.createHash("sha256");
  for (const m of migrations) hash.update(`${m.name}\0${m.sql}\0`);
  return hash.digest("hex");
}

/** Whether `templateDir` holds a template made by the installed PGlite version. */
export function templateIsReady(templateDir) {
  return readMarker(templateDir)?.pglite === pgliteVersion();
}

/** Whether the template is ready and holds exactly the migrations in `migrationsDir`. */
export function templateIsCurrent(templateDir, migrationsDir) {
  return templateIsReady(templateDir) && readMarker(templateDir).migrations === migrationsHash(listMigrations(migrationsDir));
}

/**
 * Applies the migrations as db/migrate.ts does on PGlite (one transaction, each recorded in
 * schema_migrations), so that the server's own check at start finds nothing left to do;
 * pglite-template.int.test.ts holds the two to the same bookkeeping.
 */
async function migrate(pg, migrations) {
  await pg.transaction(async (tx) => {
    await tx.exec("CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())");
    for (const m of migrations) {
      await tx.exec(m.sql);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [m.name]);
    }
  });
}

/** Makes the template in `templateDir` unless a current one is there. */
async function ensureTemplate(templateDir, migrationsDir) {
  if (templateIsCurrent(templateDir, migrationsDir)) return;
  const migrations = listMigrations(migrationsDir);
  // Made aside and renamed into place: two builds at once never see half a template.
  const partial = `${templateDir}.${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create(partial);
  await migrate(pg, migrations);
  // A vacuum and a checkpoint so the copy starts compact, with no WAL to replay.
  await pg.exec("VACUUM");
  await pg.exec("CHECKPOINT");
  await pg.close();
  fs.writeFileSync(path.join(partial, MARKER), JSON.stringify({ pglite: pgliteVersion(), migrations: migrationsHash(migrations) }));
  fs.rmSync(templateDir, { recursive: true, force: true });
  fs.renameSync(partial, templateDir);
}

/**
 * The image of a migrated in-memory database for the integration tests, made once per PGlite
 * version and set of migrations in `cacheDir`: initdb costs ~8 s of CPU for each test file's
 * fresh database, loading the image ~1 s. Returns the image's path.
 */
export async function ensureImage(cacheDir, migrationsDir) {
  const migrations = listMigrations(migrationsDir);
  const file = path.join(cacheDir, `pglite-${pgliteVersion()}-${migrationsHash(migrations).slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return file;
  const { PGlite } = await import("@electric-sql/pglite");
  const pg = await PGlite.create();
  await migrate(pg, migrations);
  await pg.exec("VACUUM");
  await pg.exec("CHECKPOINT");
  const image = await pg.dumpDataDir("none");
  await pg.close();
  fs.mkdirSync(cacheDir, { recursive: true });
  // Written aside and renamed into place: a run that starts meanwhile never reads half an image.
  const partial = `${file}.${process.pid}`;
  fs.writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
  fs.renameSync(partial, file);
  return file;
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
  const [templateDir, migrationsDir] = process.argv.slice(2);
  if (!templateDir || !migrationsDir) throw new Error("usage: node pglite-template.mjs <template dir> <migrations dir>");
  await ensureTemplate(path.resolve(templateDir), path.resolve(migrationsDir));
}
