import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, setTestPlan, type TestApp, type TestUser } from "../test/harness.js";

// Every table that holds a user's rows, and the column naming the user.
const USER_TABLES = [
  "users:id",
  "sessions:user_id",
  "refresh_tokens:user_id",
  "one_time_tokens:user_id",
  "documents:user_id",
  "ai_suggestions:user_id",
  "ai_usage:user_id",
  "subscriptions:user_id",
  "checkout_sessions:user_id",
  "preferences:user_id",
  "mail_outbox:user_id",
] as const;

describe("account deletion", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function seed(u: TestUser) {
    const q = (text: string, params: unknown[]) => t.database.sql.query(text, params);
    await setTestPlan(t, u.id, "creator");
    const [doc] = await q(`INSERT INTO documents (user_id, title, is_public) VALUES ($1, 'Mine', true) RETURNING id`, [u.id]);
    await q(`INSERT INTO documents (user_id, title) VALUES ($1, 'Second')`, [u.id]);
    await q(
      `INSERT INTO refresh_tokens (session_id, user_id, token_hash) VALUES ($1, $2, $3)`,
      [u.sessionId, u.id, `hash-${u.id}`],
    );
    await q(
      `INSERT INTO one_time_tokens (user_id, purpose, token_hash, email, expires_at) VALUES ($1, 'recovery', $2, $3, now() + interval '1 hour')`,
      [u.id, `ott-${u.id}`, u.email],
    );
    await q(
      `INSERT INTO ai_suggestions (user_id, document_id, original_text, suggested_text) VALUES ($1, $2, 'a', 'b')`,
      [u.id, doc!.id],
    );
    await q(`INSERT INTO share_unlock_failures (document_id, ip, failed_at) VALUES ($1, '203.0.113.9', now())`, [doc!.id]);
    await q(`INSERT INTO ai_usage (user_id, month, tokens_used) VALUES ($1, '2026-11', 120)`, [u.id]);
    await q(
      `INSERT INTO checkout_sessions (id, user_id, email, plan, price_id) VALUES ($1, $2, $3, 'creator', 'price_c')`,
      [`cs-${u.id}`, u.id, u.email],
    );
    await q(`INSERT INTO preferences (user_id, preferences) VALUES ($1, '{"theme":"dark"}')`, [u.id]);
    await q(
      `INSERT INTO mail_outbox (user_id, to_email, subject, text_body, html_body) VALUES ($1, $2, 'Hi', 't', 'h')`,
      [u.id, u.email],
    );
    return doc!.id as string;
  }

  async function counts(userId: string) {
    const out: Record<string, number> = {};
    for (const entry of USER_TABLES) {
      const [table, column] = entry.split(":");
      const [row] = await t.database.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`,
        [userId],
      );
      out[table!] = Number(row!.n);
    }
    return out;
  }

  it("refuses when the typed email does not match, and keeps everything", async () => {
    const u = await createTestUser(t);
    await seed(u);
    const before = await counts(u.id);
    for (const payload of [{ confirmEmail: "someone@else.com" }, {}, { confirmEmail: "" }]) {
      const res = await request(t, "DELETE", "/api/account", { user: u, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe("validation_failed");
    }
    expect(await counts(u.id)).toEqual(before);
    const anon = await request(t, "DELETE", "/api/account", { payload: { confirmEmail: u.email } });
    expect(anon.statusCode).toBe(401);
  });

  it("removes every row of the user in every table and nothing of another user's", async () => {
    const gone = await createTestUser(t);
    const kept = await createTestUser(t);
    const goneDoc = await seed(gone);
    const keptDoc = await seed(kept);
    const keptBefore = await counts(kept.id);
    const goneBefore = await counts(gone.id);
    for (const [table, n] of Object.entries(goneBefore)) expect(n, `seeded ${table}`).toBeGreaterThan(0);

    const res = await request(t, "DELETE", "/api/account", { user: gone, payload: { confirmEmail: gone.email.toUpperCase() } });
    expect(res.statusCode).toBe(204);

    const after = await counts(gone.id);
    for (const [table, n] of Object.entries(after)) expect(n, `left in ${table}`).toBe(0);
    expect(await counts(kept.id)).toEqual(keptBefore);
    const docs = await t.database.sql.query<{ id: string }>(`SELECT id FROM documents WHERE id = ANY($1::uuid[])`, [
      [goneDoc, keptDoc],
    ]);
    expect(docs.map((d) => d.id)).toEqual([keptDoc]);
    // Rows hanging off the documents (share-password failures) go with them.
    const failures = await t.database.sql.query<{ document_id: string }>(
      `SELECT document_id FROM share_unlock_failures WHERE document_id = ANY($1::uuid[])`,
      [[goneDoc, keptDoc]],
    );
    expect(failures.map((f) => f.document_id)).toEqual([keptDoc]);

    // Signed out at once: the old access token no longer works anywhere.
    const me = await request(t, "GET", "/api/settings/preferences", { user: gone });
    expect(me.statusCode).toBe(401);
    const other = await request(t, "GET", "/api/settings/preferences", { user: kept });
    expect(other.statusCode).toBe(200);
  });

  it("also answers on POST /api/account/delete", async () => {
    const u = await createTestUser(t);
    const res = await request(t, "POST", "/api/account/delete", { user: u, payload: { confirmEmail: u.email } });
    expect(res.statusCode).toBe(204);
    expect((await counts(u.id)).users).toBe(0);
  });
});
