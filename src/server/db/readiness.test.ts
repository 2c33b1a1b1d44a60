// The health check's reading of the database: ok, down (with why) or schema missing.
import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { latestMigration } from "./migrate.js";
import type { SqlRunner } from "./providers/types.js";
import { checkReadiness } from "./readiness.js";

function runner(query: (text: string, params?: unknown[]) => Promise<unknown[]>): SqlRunner {
  return {
    query: query as SqlRunner["query"],
    exec: async () => {},
    transaction: async (fn) => fn(runner(query)),
  };
}
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe("database readiness", () => {
  it("is ok when the newest migration this version knows is applied and the core tables are there", async () => {
    let asked: unknown[] | undefined;
    const ready = await checkReadiness(
      runner(async (_text, params) => {
        asked = params;
        return [{ current: true, missing: null }];
      }),
    );
    expect(ready).toEqual({ database: "ok" });
    expect(asked).toEqual([latestMigration()]);
  });

  it("names the missing schema of a database re-created empty", async () => {
    const ready = await checkReadiness(
      runner(async () => {
        throw new DrizzleQueryError("select", [], pgError("42P01", 'relation "schema_migrations" does not exist'));
      }),
    );
    expect(ready.database).toBe("schema_missing");
    expect(ready.reason).toContain('table "schema_migrations" is missing');
  });

  it("says the schema is behind when the newest migration is not applied", async () => {
    const ready = await checkReadiness(runner(async () => [{ current: false, missing: null }]));
    expect(ready.database).toBe("schema_missing");
    expect(ready.reason).toContain(latestMigration());
  });

  it("is down, with why, when the database is dropped, unreachable or silent", async () => {
    const gone = await checkReadiness(
      runner(async () => {
        throw pgError("3D000", 'database "x" does not exist');
      }),
    );
    expect(gone).toEqual({ database: "down", reason: expect.stringMatching(/does not exist/) });
    const refused = await checkReadiness(
      runner(async () => {
        throw Object.assign(new AggregateError([pgError("ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")], ""), {});
      }),
    );
    expect(refused).toEqual({ database: "down", reason: expect.stringContaining("ECONNREFUSED") });
    const silent = await checkReadiness(
      runner(() => new Promise(() => {})),
      50,
    );
    expect(silent).toEqual({ database: "down", reason: expect.stringMatching(/did not answer/) });
  });
});
