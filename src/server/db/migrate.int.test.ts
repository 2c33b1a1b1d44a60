// The migration check every start runs: a database that holds every migration costs one read
// and no transaction; one without the bookkeeping table, or missing a migration, is brought
// up to date in a transaction as before.
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "./migrate.js";
import type { SqlRunner } from "./providers/types.js";

/** A runner over PGlite that writes down every statement and transaction it is asked for. */
function recording(pg: PGlite | Transaction, log: string[]): SqlRunner {
  return {
    query: async (text, params) => {
      log.push(text);
      return (await pg.query(text, params)).rows as never[];
    },
    exec: async (text) => {
      log.push(text.length > 80 ? "(migration)" : text);
      await pg.exec(text);
    },
    transaction: (fn) => {
      log.push("BEGIN");
      return "transaction" in pg ? pg.transaction((tx) => fn(recording(tx, log))) : fn(recording(pg, log));
    },
  };
}

describe("migrate", () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create();
  });
  afterAll(async () => {
    await pg.close();
  });

  it("applies every migration to a new database, then checks a current one with a single read", async () => {
    const first: string[] = [];
    const applied = await migrate(recording(pg, first), "pglite");
    // Never migrated: the read fails (no bookkeeping table yet) and the transaction follows.
    expect(applied.length).toBeGreaterThan(0);
    expect(first.slice(0, 2)).toEqual(["SELECT name FROM schema_migrations", "BEGIN"]);

    const again: string[] = [];
    expect(await migrate(recording(pg, again), "pglite")).toEqual([]);
    expect(again).toEqual(["SELECT name FROM schema_migrations"]);
  });

  it("takes the full path, in a transaction, when a migration is not recorded", async () => {
    const all = await migrate(recording(pg, []), "pglite");
    const last = (await pg.query<{ name: string }>("SELECT max(name) AS name FROM schema_migrations")).rows[0]!.name;
    await pg.query("DELETE FROM schema_migrations WHERE name = $1", [last]);
    const log: string[] = [];
    // The missing migration runs again on objects it already made; whether its SQL tolerates
    // that is not what this checks, only that the read is followed by the transaction.
    await migrate(recording(pg, log), "pglite").catch(() => {});
    expect(all).toEqual([]);
    expect(log[0]).toBe("SELECT name FROM schema_migrations");
    expect(log).toContain("BEGIN");
  });
});
