// The embedded database in its own thread: results, errors with PostgreSQL's fields,
// transactions that commit or roll back as a whole, ordering against other statements,
// and a clean refusal once closed.
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

  it("refuses statements once closed", async () => {
    const other = await RemotePGlite.open(undefined);
    await other.close();
    await expect(other.query("SELECT 1")).rejects.toThrow(/stopped|closed/);
  });
});
