// The built-in database's start handle: the app is built on it while PGlite opens, and what
// reaches the database meanwhile waits for the opening (main.ts).
import { describe, expect, inject, it } from "vitest";
import { buildApp } from "../../app.js";
import { loadConfig } from "../../config.js";
import { DataDirLockedError } from "../lock.js";
import { serverSecrets } from "../schema.js";
import { type EmbeddedDatabase, openEmbedded } from "../pglite-remote.js";
import { pgliteHandle } from "./builtin.js";

/** An opening of an in-memory PGlite that starts only when `release` is called. */
function heldOpening() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const opening: Promise<EmbeddedDatabase> = released.then(() => openEmbedded("memory://", { image: inject("pgliteImage") }));
  return { opening, release };
}

describe("the built-in database's start handle", () => {
  it("holds statements sent before the database is open and runs them once it is, then goes straight to it", async () => {
    const held = heldOpening();
    const { database, ready } = pgliteHandle({ dataDir: "memory://", embedded: held.opening });
    let answered = false;
    const early = database.sql.query<{ n: number }>("SELECT 41 + 1 AS n").then((rows) => {
      answered = true;
      return rows;
    });
    const inTransaction = database.sql.transaction((tx) => tx.query<{ n: number }>("SELECT 2 AS n"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe(false);
    held.release();
    expect(await early).toEqual([{ n: 42 }]);
    expect(await inTransaction).toEqual([{ n: 2 }]);
    expect(await ready).toBe(database);
    // Drizzle on the same handle, after the open: the schema is there (migrated).
    expect(await database.db.select().from(serverSecrets)).toEqual([]);
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it("gives a statement sent early the opening's failure, and so does ready", async () => {
    const failure = new DataDirLockedError("the data directory is in use");
    const { database, ready } = pgliteHandle({ dataDir: "memory://", embedded: Promise.reject(failure) });
    await expect(database.sql.query("SELECT 1")).rejects.toBe(failure);
    await expect(ready).rejects.toBe(failure);
  });

  it("lets the whole app be built while the database opens; /api/health answers 200 only once it does", async () => {
    const held = heldOpening();
    const { database, ready } = pgliteHandle({ dataDir: "memory://", embedded: held.opening });
    // With the secret in the environment, nothing in building the app has to wait for the database.
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", PUBLIC_URL: "http://localhost:3000", JWT_SECRET: "x".repeat(40) });
    const { app } = await buildApp({ config, database, logger: false, clientDir: "/nonexistent" });
    expect(app.routeList.some((r) => r.url === "/api/documents")).toBe(true);
    let status = 0;
    const health = app.inject({ method: "GET", url: "/api/health" }).then((res) => {
      status = res.statusCode;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(status).toBe(0);
    held.release();
    // The early check waits for the opening up to its own timeout (3 s; an in-memory open
    // from the image can take longer on a loaded machine): then it says so with a 503.
    const early = await health;
    if (early.statusCode !== 200) expect(early.json()).toMatchObject({ status: "degraded", database: "down", reason: expect.stringContaining("did not answer") });
    await ready;
    const res = await app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", database: "ok" });
    await app.close();
    await database.close();
  });
});
