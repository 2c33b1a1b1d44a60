// The embedded database in its own thread: results, errors with PostgreSQL's fields,
// transactions that commit or roll back as a whole, ordering against other statements,
// and a clean refusal once closed.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { usingPostgres } from "../test/harness.js";
import { RemotePGlite } from "./pglite-remote.js";

describe.skipIf(usingPostgres())("RemotePGlite", () => {
  let pg: RemotePGlite;
  beforeAll(async () => {
    pg = await RemotePGlite.open(undefined);
    await pg.exec("CREATE TABLE items (id int PRIMARY KEY, body jsonb, at timestamptz, raw bytea)");
  });
  afterAll(async () => pg?.close());

  it("returns rows with their types across the thread boundary", async () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    await pg.query("INSERT INTO items VALUES ($1, $2, $3, $4)", [1, JSON.stringify({ a: [1, "x"] }), at, new Uint8Array([1, 2, 3])]);
    const { rows } = await pg.query<{ id: number; body: unknown; at: Date; raw: Uint8Array }>("SELECT * FROM items WHERE id = 1");
    expect(rows[0]!.body).toEqual({ a: [1, "x"] });
    expect(rows[0]!.at.toISOString()).toBe(at.toISOString());
    expect([...rows[0]!.raw]).toEqual([1, 2, 3]);
    // Drizzle asks for timestamps as text through identity parsers; only their OIDs travel.
    const asText = await pg.query<unknown[]>("SELECT at FROM items WHERE id = 1", [], { rowMode: "array", parsers: { 1184: (v: string) => v } });
    expect(typeof asText.rows[0]![0]).toBe("string");
  });

  it("stores and returns any bytes exactly, as PostgreSQL itself reads them", async () => {
    // The bytea codec (pglite-bytea.mjs) replaces PGlite's own: what goes in must be what
    // PostgreSQL holds (its own md5 of the value) and what comes back, to the byte.
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 3000 }), async (bytes) => {
        await pg.query("DELETE FROM items WHERE id = 10");
        await pg.query("INSERT INTO items (id, raw) VALUES (10, $1)", [bytes]);
        const { rows } = await pg.query<{ raw: Uint8Array; md5: string; length: number }>("SELECT raw, md5(raw) AS md5, length(raw) AS length FROM items WHERE id = 10");
        expect(rows[0]!.length).toBe(bytes.length);
        expect(rows[0]!.md5).toBe(crypto.createHash("md5").update(bytes).digest("hex"));
        expect(Buffer.from(rows[0]!.raw).equals(Buffer.from(bytes))).toBe(true);
      }),
      { numRuns: 60 },
    );
    // A live state's size, and a value cut out of a larger buffer (a Node Buffer from a pool).
    const large = crypto.randomBytes(700_000);
    const slice = Buffer.concat([Buffer.from([9, 9]), large]).subarray(2);
    await pg.query("INSERT INTO items (id, raw) VALUES (11, $1)", [slice]);
    const { rows } = await pg.query<{ raw: Uint8Array }>("SELECT raw FROM items WHERE id = 11");
    expect(Buffer.from(rows[0]!.raw).equals(large)).toBe(true);
    // A small value comes back in a buffer of its own size, not a view into a shared pool.
    const small = await pg.query<{ raw: Uint8Array }>("SELECT '\\x0102'::bytea AS raw");
    expect(small.rows[0]!.raw.buffer.byteLength).toBe(2);
    await pg.query("DELETE FROM items WHERE id IN (10, 11)");
  });

  it("does not stop every save to zero-fill a new WAL segment", async () => {
    // Zero-filling a 16 MB segment stalled all saves queued behind it for 50-60 ms.
    const { rows } = await pg.query<{ wal_init_zero: string }>("SHOW wal_init_zero");
    expect(rows[0]!.wal_init_zero).toBe("off");
  });

  it("keeps PostgreSQL's error fields, so a unique violation is recognisable", async () => {
    const err = await pg.query("INSERT INTO items (id) VALUES (1)").catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err.code).toBe("23505");
    expect(err.message).toMatch(/duplicate key/);
  });

  it("commits a transaction as a whole, and rolls it back as a whole when it throws", async () => {
    await pg.transaction(async (tx) => {
      await tx.query("INSERT INTO items (id) VALUES (2)");
      await tx.query("INSERT INTO items (id) VALUES (3)");
    });
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("INSERT INTO items (id) VALUES (4)");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await pg.query<{ id: number }>("SELECT id FROM items ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual([1, 2, 3]);
  });

  it("runs a statement sent during a transaction after it, never inside it", async () => {
    let outside: Promise<{ rows: { n: string }[] }> | undefined;
    await pg.transaction(async (t) => {
      await t.query("INSERT INTO items (id) VALUES (10)");
      // Sent while the transaction is open: it must neither see the uncommitted row early
      // nor be swallowed by a rollback; it waits for the end and sees both rows.
      outside = pg.query<{ n: string }>("SELECT count(*)::text AS n FROM items WHERE id IN (10, 11)");
      await t.query("INSERT INTO items (id) VALUES (11)");
    });
    expect((await outside!).rows[0]!.n).toBe("2");
  });

  it("answers a statement run again and again (prepared after its second run) with its own parameters, in and out of transactions", async () => {
    await pg.exec("CREATE TABLE repeated (id int PRIMARY KEY, label text, at timestamptz)");
    const insert = "INSERT INTO repeated VALUES ($1, $2, $3) RETURNING id, label";
    const read = "SELECT id, label, at FROM repeated WHERE id = $1";
    for (let i = 1; i <= 4; i++) {
      const { rows } = await pg.query<{ id: number; label: string }>(insert, [i, `row ${i}`, new Date(Date.UTC(2026, 0, i))]);
      expect(rows).toEqual([{ id: i, label: `row ${i}` }]);
    }
    for (let i = 1; i <= 4; i++) {
      const { rows } = await pg.query<{ id: number; label: string; at: Date }>(read, [i]);
      expect(rows[0]!.label).toBe(`row ${i}`);
      expect(rows[0]!.at.toISOString()).toBe(new Date(Date.UTC(2026, 0, i)).toISOString());
      // Raw types as text and array rows, as Drizzle asks, through the same statement.
      const raw = await pg.query<unknown[]>(read, [i], { rowMode: "array", parsers: { 1184: (v: string) => v } });
      expect(raw.rows[0]![0]).toBe(i);
      expect(typeof raw.rows[0]![2]).toBe("string");
    }
    // Its errors keep PostgreSQL's fields, and a transaction that used it rolls back whole.
    const err = await pg.query(insert, [1, "again", null]).catch((e) => e);
    expect(err.code).toBe("23505");
    await expect(
      pg.transaction(async (tx) => {
        await tx.query(insert, [5, "row 5", null]);
        expect((await tx.query<{ label: string }>(read, [5])).rows[0]!.label).toBe("row 5");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    expect((await pg.query(read, [5])).rows).toEqual([]);
    // A statement that does not parse reports why, on every run, in a transaction too.
    for (let i = 0; i < 3; i++) {
      const bad = await pg.transaction((tx) => tx.query("SELECT nope FROM repeated WHERE id = $1", [1])).catch((e) => e);
      expect(bad.code).toBe("42703");
    }
    // A table changed under a prepared statement: the statement answers with the new shape.
    const all = "SELECT * FROM repeated WHERE id = $1";
    for (let i = 0; i < 3; i++) await pg.query(all, [1]);
    await pg.exec("ALTER TABLE repeated ADD COLUMN extra text DEFAULT 'x'");
    expect((await pg.query<{ extra: string }>(all, [1])).rows[0]!.extra).toBe("x");
  });

  it("refuses statements once closed", async () => {
    const other = await RemotePGlite.open(undefined);
    await other.close();
    await expect(other.query("SELECT 1")).rejects.toThrow(/stopped|closed/);
  });

  it("reuses the space of replaced documents once upkeep has run, instead of growing with every save", { timeout: 60_000 }, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "draftsmith-upkeep-"));
    const db = await RemotePGlite.open(dir, { upkeepEveryMs: 0 });
    try {
      const size = () => (fs.readdirSync(dir, { recursive: true }) as string[]).reduce((sum, f) => sum + (fs.statSync(path.join(dir, f)).isFile() ? fs.statSync(path.join(dir, f)).size : 0), 0);
      await db.exec("CREATE TABLE docs (id int PRIMARY KEY, content text)");
      for (let id = 0; id < 20; id++) await db.query("INSERT INTO docs VALUES ($1, '')", [id]);
      // 300 saves of 40 KB that does not compress: 12 MB of new rows per round.
      const round = async () => {
        for (let n = 0; n < 300; n++) await db.query("UPDATE docs SET content = $1 WHERE id = $2", [crypto.randomBytes(30_000).toString("base64"), n % 20]);
      };
      const MB = 1024 * 1024;
      // Without upkeep, every round adds its 12 MB (and as much WAL) for good.
      await round();
      const afterOne = size();
      await round();
      expect(size() - afterOne).toBeGreaterThan(10 * MB);
      // With upkeep after each round the directory stops growing.
      expect(await db.upkeep()).toBe(true);
      const base = size();
      for (let i = 0; i < 3; i++) {
        await round();
        expect(await db.upkeep()).toBe(true);
      }
      expect(size() - base).toBeLessThan(4 * MB);
      // Nothing written since (reads do not count): nothing to do.
      await db.query("SELECT count(*) FROM docs");
      expect(await db.upkeep()).toBe(false);
      expect((await db.query<{ n: number }>("SELECT count(*)::int AS n FROM docs")).rows[0]!.n).toBe(20);
    } finally {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
