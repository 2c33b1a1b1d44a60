// The check as you type through a LanguageTool server (LANGUAGETOOL_URL), against a local
// server that speaks LanguageTool's HTTP API (POST /v2/check, form-encoded, JSON matches): the
// editor's paragraphs go in one request, each match comes back in its paragraph's offsets and
// the editor's kinds, and the app answers clearly when the service fails or is not connected.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrammarCheckResponse } from "../../shared/contracts/grammar.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { startLanguageTool } from "./languagetool-stub.test-util.js";

describe("grammar as you type through LanguageTool", () => {
  let lt: Awaited<ReturnType<typeof startLanguageTool>>;
  let t: TestApp;
  let writer: TestUser;
  let plain: TestApp;
  let plainWriter: TestUser;

  beforeAll(async () => {
    lt = await startLanguageTool();
    t = await createTestApp({ LANGUAGETOOL_URL: `${lt.url}/`, LANGUAGETOOL_USERNAME: "team@example.com", LANGUAGETOOL_API_KEY: "lt-key" });
    writer = await createTestUser(t);
    plain = await createTestApp();
    plainWriter = await createTestUser(plain);
  });
  afterAll(async () => {
    await t?.close();
    await plain?.close();
    await lt?.close();
  });

  it("says the editor should use it, and checks a batch of paragraphs in one request, each problem in its own paragraph", async () => {
    const caps = await request(t, "GET", "/api/ai/capabilities", { user: writer });
    expect(caps.json()).toMatchObject({ grammarService: "languagetool" });

    const before = lt.seen.length;
    const res = await request(t, "POST", "/api/grammar/check", { user: writer, payload: { texts: ["I saw teh cat.", "", "She ate a apple and teh pear."] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(lt.seen.length - before).toBe(1);
    const sent = lt.seen.at(-1)!;
    expect(sent.path).toBe("/v2/check");
    expect(sent.contentType).toBe("application/x-www-form-urlencoded");
    expect(sent.form.get("text")).toBe("I saw teh cat.\n\n\n\nShe ate a apple and teh pear.");
    expect(sent.form.get("language")).toBe("en-US");
    expect(sent.form.get("username")).toBe("team@example.com");
    expect(sent.form.get("apiKey")).toBe("lt-key");

    const { results } = res.json() as GrammarCheckResponse;
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual([
      { start: 6, end: 9, rule: "LanguageToolMORFOLOGIKRULEENUS", kind: "Spelling", message: "Possible spelling mistake found.", original: "teh", candidates: ["the", "ten"] },
    ]);
    // The match across the blank line between paragraphs is left out.
    expect(results[1]).toEqual([]);
    expect(results[2]!.map((p) => [p.start, p.end, p.original, p.kind, p.candidates[0]])).toEqual([
      [20, 23, "teh", "Spelling", "the"],
      [8, 9, "a", "Grammar", "an"],
    ]);
    expect(results[2]![1]!.message).toBe("Use “an” instead of 'a' if the following word starts with a vowel sound.");
  });

  it("answers 502 with the reason when LanguageTool fails, and checks again once it is back", async () => {
    lt.fail(500);
    const res = await request(t, "POST", "/api/grammar/check", { user: writer, payload: { texts: ["teh"] } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: "bad_gateway", message: "The grammar service did not answer: it answered 500" });
    lt.fail(null);
    const again = await request(t, "POST", "/api/grammar/check", { user: writer, payload: { texts: ["teh"] } });
    expect(again.statusCode).toBe(200);
  });

  it("refuses bad input with a 400 and its reason, and a visitor with a 401", async () => {
    for (const payload of [{}, { texts: [] }, { texts: Array.from({ length: 51 }, () => "x") }, { texts: ["x".repeat(20_001)] }, { texts: ["ok"], extra: 1 }, { texts: [42] }]) {
      const res = await request(t, "POST", "/api/grammar/check", { user: writer, payload });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed" });
    }
    expect((await request(t, "POST", "/api/grammar/check", { payload: { texts: ["teh"] } })).statusCode).toBe(401);
  });

  it("is not there without LANGUAGETOOL_URL: the editor checks in the browser", async () => {
    expect((await request(plain, "GET", "/api/ai/capabilities", { user: plainWriter })).json()).toMatchObject({ grammarService: "built-in" });
    const res = await request(plain, "POST", "/api/grammar/check", { user: plainWriter, payload: { texts: ["teh"] } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: "not_found" });
  });
});
