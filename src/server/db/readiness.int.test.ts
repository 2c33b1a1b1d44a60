// The health check against a real database (PGlite, and PostgreSQL in its run): a core table
// gone from a migrated database is named as missing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, request, type TestApp } from "../test/harness.js";

describe("readiness on a real database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("is ok on the migrated schema; a core table dropped from it is named as missing", async () => {
    const ok = await request(t, "GET", "/api/health");
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: "ok", database: "ok" });

    await t.database.sql.exec("DROP TABLE documents CASCADE");
    const missing = await request(t, "GET", "/api/health");
    expect(missing.statusCode).toBe(503);
    expect(missing.headers["retry-after"]).toBe("1");
    expect(missing.json()).toMatchObject({ status: "degraded", database: "schema_missing" });
    expect(missing.json().reason).toContain('table "documents" is missing');
  });
});
