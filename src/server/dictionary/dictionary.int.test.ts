// The personal dictionary over HTTP: each writer's words and ignored findings are their own,
// survive being read again (another device reads the same), and bad input is a 400.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PERSONAL_DICTIONARY_MAX } from "../../shared/grammar/personal-limits.js";
import { createTestApp, createTestUser, request, type TestApp } from "../test/harness.js";

describe("personal dictionary API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const put = (user: Awaited<ReturnType<typeof createTestUser>>, payload: object) =>
    request(t, "PUT", "/api/grammar/personal", { user, payload });

  it("needs a signed-in user", async () => {
    expect((await request(t, "GET", "/api/grammar/personal")).statusCode).toBe(401);
    expect((await request(t, "PUT", "/api/grammar/personal", { payload: { add: { words: ["x"] } } })).statusCode).toBe(401);
  });

  it("starts empty, adds words and findings once, removes them, and keeps them for the next read", async () => {
    const u = await createTestUser(t);
    expect((await request(t, "GET", "/api/grammar/personal", { user: u })).json()).toEqual({ words: [], ignored: [] });

    const added = await put(u, { add: { words: ["Draftsmith", "Grzegorz"], ignored: [{ rule: "PluralSubjectVerb", text: "feels" }] } });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ words: ["Draftsmith", "Grzegorz"], ignored: [{ rule: "PluralSubjectVerb", text: "feels" }] });

    // Adding again is no change; removing one leaves the rest.
    await put(u, { add: { words: ["Draftsmith"] } });
    const removed = await put(u, { remove: { words: ["Grzegorz"] } });
    expect(removed.json()).toEqual({ words: ["Draftsmith"], ignored: [{ rule: "PluralSubjectVerb", text: "feels" }] });

    const again = await request(t, "GET", "/api/grammar/personal", { user: u });
    expect(again.json()).toEqual(removed.json());
  });

  it("never shows or changes another writer's words", async () => {
    const owner = await createTestUser(t);
    const other = await createTestUser(t);
    await put(owner, { add: { words: ["Zanzibarish"] } });
    await put(other, { remove: { words: ["Zanzibarish"] }, add: { words: ["Othersword"] } });
    expect((await request(t, "GET", "/api/grammar/personal", { user: owner })).json()).toEqual({ words: ["Zanzibarish"], ignored: [] });
    expect((await request(t, "GET", "/api/grammar/personal", { user: other })).json()).toEqual({ words: ["Othersword"], ignored: [] });
  });

  it("refuses bad input with a 400 and changes nothing", async () => {
    const u = await createTestUser(t);
    for (const payload of [
      { add: { words: ["two words"] } },
      { add: { words: [""] } },
      { add: { words: ["x".repeat(65)] } },
      { add: { words: "notalist" } },
      { add: { ignored: [{ rule: "Not a rule!", text: "x" }] } },
      { add: { ignored: [{ rule: "SpellCheck", text: "" }] } },
      { add: { colour: ["red"] } },
      { replace: {} },
    ]) {
      const res = await put(u, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed" });
    }
    const bad = await request(t, "PUT", "/api/grammar/personal", { user: u, payload: "{not json", headers: { "content-type": "application/json" } });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(bad.statusCode).toBeLessThan(500);
    expect((await request(t, "GET", "/api/grammar/personal", { user: u })).json()).toEqual({ words: [], ignored: [] });
  });

  it("refuses to grow past the limit with a 409 that adds nothing", async () => {
    const u = await createTestUser(t);
    const batch = (from: number) => Array.from({ length: 100 }, (_, i) => `word${from + i}`);
    for (let n = 0; n < PERSONAL_DICTIONARY_MAX; n += 100) expect((await put(u, { add: { words: batch(n) } })).statusCode).toBe(200);
    const over = await put(u, { add: { words: ["onemore"] } });
    expect(over.statusCode).toBe(409);
    const words = (await request(t, "GET", "/api/grammar/personal", { user: u })).json().words as string[];
    expect(words).toHaveLength(PERSONAL_DICTIONARY_MAX);
    expect(words).not.toContain("onemore");
  });
});
