// A new data directory starts as a copy of the template the build makes: the copy opens as
// a working database, an existing database is never overwritten, and a template made by
// another PGlite version is not used.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error: plain ESM module without types (it runs as is in the database's thread)
import { seedFromTemplate, templateIsReady } from "./pglite-template.mjs";

const script = fileURLToPath(new URL("./pglite-template.mjs", import.meta.url));
const MARKER = "draftsmith-template-version";

describe("data directory template", () => {
  let root: string;
  let template: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-template-"));
    template = path.join(root, "template");
    execFileSync(process.execPath, [script, template]);
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("is made once per PGlite version", () => {
    expect(templateIsReady(template)).toBe(true);
    const version = fs.readFileSync(path.join(template, MARKER), "utf8");
    expect(version).toMatch(/^\d+\.\d+\.\d+/);
    const made = fs.statSync(path.join(template, "PG_VERSION")).mtimeMs;
    execFileSync(process.execPath, [script, template]);
    expect(fs.statSync(path.join(template, "PG_VERSION")).mtimeMs).toBe(made);
  });

  it("fills a new data directory with a database that opens, and never overwrites one", async () => {
    const dataDir = path.join(root, "data");
    fs.mkdirSync(dataDir);
    fs.writeFileSync(path.join(dataDir, "draftsmith.lock"), "123");
    expect(seedFromTemplate(dataDir, template)).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, "draftsmith.lock"), "utf8")).toBe("123");
    expect(fs.existsSync(path.join(dataDir, MARKER))).toBe(false);

    const pg = await PGlite.create(dataDir);
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
    fs.writeFileSync(path.join(old, MARKER), "0.0.1");
    expect(templateIsReady(old)).toBe(false);
    const fresh = path.join(root, "fresh");
    fs.mkdirSync(fresh);
    expect(seedFromTemplate(fresh, old)).toBe(false);
    expect(fs.readdirSync(fresh)).toEqual([]);
  });
});
