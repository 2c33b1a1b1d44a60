// A new data directory starts as a copy of the template the build makes: the copy opens as
// a working database with every migration applied as db/migrate.ts records them, an
// existing database is never overwritten, and a template made by another PGlite version is
// not used.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "./migrate.js";
// @ts-expect-error: plain ESM module without types (it runs as is in the database's thread)
import { seedFromTemplate, templateIsCurrent, templateIsReady } from "./pglite-template.mjs";
import type { SqlRunner } from "./providers/types.js";

const script = fileURLToPath(new URL("./pglite-template.mjs", import.meta.url));
const migrations = fileURLToPath(new URL("./migrations", import.meta.url));
const MARKER = "draftsmith-template.json";

function runner(pg: PGlite | Transaction): SqlRunner {
  return {
    query: async (text, params) => (await pg.query(text, params)).rows as never[],
    exec: async (text) => {
      await pg.exec(text);
    },
    transaction: (fn) => ("transaction" in pg ? pg.transaction((tx) => fn(runner(tx))) : fn(runner(pg))),
  };
}

describe("data directory template", () => {
  let root: string;
  let template: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-template-"));
    template = path.join(root, "template");
    execFileSync(process.execPath, [script, template, migrations]);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is made again only when PGlite or the migrations change", () => {
    expect(templateIsReady(template)).toBe(true);
    expect(templateIsCurrent(template, migrations)).toBe(true);
    const made = fs.statSync(path.join(template, "PG_VERSION")).mtimeMs;
    execFileSync(process.execPath, [script, template, migrations]);
    expect(fs.statSync(path.join(template, "PG_VERSION")).mtimeMs).toBe(made);

    const more = path.join(root, "more-migrations");
    fs.cpSync(migrations, more, { recursive: true });
    fs.writeFileSync(path.join(more, "9999_later.sql"), "CREATE TABLE later (n int);");
    expect(templateIsCurrent(template, more)).toBe(false);
    // Still usable: the server applies the newer migration at start.
    expect(templateIsReady(template)).toBe(true);
  });

  it("fills a new data directory with a database that opens, and never overwrites one", async () => {
    const dataDir = path.join(root, "data");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "draftsmith.lock"), "123");
    expect(seedFromTemplate(dataDir, template)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, "draftsmith.lock"), "utf8")).toBe("123");
    expect(fs.existsSync(path.join(dataDir, MARKER))).toBe(false);

    const pg = await PGlite.create(dataDir);
    // The server's migration check finds every migration applied.
    expect(await migrate(runner(pg), "pglite")).toEqual([]);
    expect((await pg.query("SELECT count(*)::int AS n FROM server_secrets")).rows).toEqual([{ n: 0 }]);
    await pg.exec("CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)");
    await pg.close();
    expect(seedFromTemplate(dataDir, template)).toBe(false);
    const again = await PGlite.create(dataDir);
    expect((await again.query<{ n: number }>("SELECT n FROM kept")).rows).toEqual([{ n: 7 }]);
    await again.close();
  });

  it("redoes a copy cut short, and ignores a template from another PGlite version", () => {
    const cut = path.join(root, "cut");
    fs.mkdirSync(cut);
    fs.cpSync(path.join(template, "global"), path.join(cut, "global"), { recursive: true });
    expect(seedFromTemplate(cut, template)).toBe(true);
    expect(fs.existsSync(path.join(cut, "PG_VERSION"))).toBe(true);

    const old = path.join(root, "old-template");
    fs.cpSync(template, old, { recursive: true });
    fs.writeFileSync(path.join(old, MARKER), JSON.stringify({ pglite: "0.0.1", migrations: "" }));
    expect(templateIsReady(old)).toBe(false);
    const fresh = path.join(root, "fresh");
    fs.mkdirSync(fresh);
    expect(seedFromTemplate(fresh, old)).toBe(false);
    expect(fs.readdirSync(fresh)).toEqual([]);
  });
});
