// Boot: config → database (+migrations) → app → listen; the app is built while the database
// opens (on the built-in database all of it, and it listens once built, the database perhaps
// still opening). SIGINT/SIGTERM stop accepting, let in-flight requests finish, checkpoint the
// database and close it.
// The embedded database opens in its own thread while this one loads the app, and a warm
// start is mostly that opening (Node's worker bootstrap, PGlite's modules and WebAssembly,
// PostgreSQL's own start), so it begins before anything heavy loads here: when the
// environment names no external database and the data directory already holds one, the
// thread starts before the configuration's validation (zod, 0.75 MB of the bundle) is even
// parsed; main() then checks that guess against the validated configuration.
import "dotenv/config";
// Before anything starts a WebAssembly module (the database thread below).
import "./db/wasm-tiering.js";
import fs from "node:fs";
import path from "node:path";
import { DataDirLockedError } from "./db/lock.js";
import { type EmbeddedDatabase, openEmbedded } from "./db/pglite-remote.js";
import { CORE_TABLES_WARM_UP } from "./db/readiness.js";
import { preloadFetchStack } from "./http/fetch-stack-preload.js";

interface EarlyDatabase {
  dataDir: string;
  opening: Promise<EmbeddedDatabase>;
  /** Closes it again, for when the configuration says otherwise or is invalid. */
  discard(): Promise<void>;
}

/** The embedded database, opening already, when the environment leaves no doubt about it. */
function openEarly(): EarlyDatabase | undefined {
  if (process.env.DATABASE_URL) return undefined;
  // config.ts's default; main() compares the validated value with this one.
  const dataDir = process.env.DATA_DIR ?? "./data";
  // A new data directory is created from the template by the normal path, after validation:
  // an invalid configuration must not leave a database behind.
  if (dataDir.startsWith("memory://") || !fs.existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const opening = openEmbedded(dataDir);
  opening.catch(() => {});
  return {
    dataDir,
    opening,
    async discard() {
      try {
        const { pg, release } = await opening;
        await pg.close().finally(release);
      } catch {
        // It did not open (a lock failure is reported by the path that opens it for real).
      }
    },
  };
}

const early = openEarly();

async function main() {
  const { ConfigError, describeBackends, loadConfig } = await import("./config.js");
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      await early?.discard();
      process.exit(78);
    }
    throw err;
  }

  const startedAt = Date.now();
  // The embedded database starts booting first, in its thread (unless it already is); a lock
  // failure is reported below, when it is awaited.
  let embedded: Promise<EmbeddedDatabase> | undefined;
  if (early && !config.DATABASE_URL && config.DATA_DIR === early.dataDir) {
    embedded = early.opening;
  } else {
    await early?.discard();
    embedded = config.DATABASE_URL ? undefined : openEmbedded(config.DATA_DIR);
  }
  embedded?.catch(() => {});
  const { startDatabase } = await import("./db/providers/index.js");
  const { database: handle, ready: opening } = startDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    embedded,
  });
  // The built-in database reads the core tables (users, documents) as soon as its migration
  // check is done, unasked, so that the first requests find them loaded: while this thread
  // still builds the app (a busy host) or listens and takes the first request (a quiet one,
  // where the app is built first). Sent from the database's thread before the migration check,
  // it held that check up by its own 10–25 ms when the app was already built (2026-11-28,
  // 2 × Xeon, load 0.4–1.8).
  if (embedded) opening.then((database) => database.sql.query(CORE_TABLES_WARM_UP)).catch(() => {});
  // The app is built while the database opens: on the built-in database all of it (plugins,
  // the web app's files, services, live editing, every route), whose statements wait for the
  // opening; on PostgreSQL what needs no database. Its failure is reported below, once.
  const building = import("./app.js").then(({ buildApp }) => buildApp({ config, database: handle }));
  building.catch(() => {});
  // On the built-in database the server listens as soon as the app is built, the database
  // perhaps still opening: a request that comes meanwhile waits for it (its statements queue
  // behind the opening) instead of being refused, and accepting and routing the first one
  // overlaps the opening. On PostgreSQL the app listens once it is connected.
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  const listen = (app: Awaited<typeof building>["app"]) => {
    preloadFetchStack(app.server, started);
    return app.listen({ port: config.PORT, host: config.HOST });
  };
  const listening = embedded ? building.then(({ app }) => listen(app)) : undefined;
  listening?.catch(() => {});
  let database: Awaited<typeof opening>;
  try {
    database = await opening;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`Draftsmith cannot start: ${err.message}`);
      process.exit(75);
    }
    throw err;
  }

  const { app } = await building;
  app.log.info(describeBackends(config));
  if (config.paymentsTestBanner) app.log.warn("PAYMENTS=test in production: the built-in test checkout gives plans away; no payment is real");

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      app.log.error("shutdown took longer than 10 s; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    // In-flight requests get 5 s to finish; then any connection still open is cut.
    const cut = setTimeout(() => app.server.closeAllConnections(), 5_000);
    cut.unref();
    try {
      await app.close();
      await database.close();
      app.log.info("stopped cleanly");
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));

  await (listening ?? listen(app));
  app.log.info(`Draftsmith is ready at ${config.publicUrl} (started in ${Date.now() - startedAt} ms)`);
  markStarted();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
