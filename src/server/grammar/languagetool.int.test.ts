// The check as you type through a LanguageTool server (LANGUAGETOOL_URL), against a local
// server that speaks LanguageTool's HTTP API (POST /v2/check, form-encoded, JSON matches): the
// editor's paragraphs go in one request, each match comes back in its paragraph's offsets and
// the editor's kinds, and the app answers clearly when the service fails or is not connected.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GrammarCheckResponse } from "../../shared/contracts/grammar.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";

interface Seen {
  path: string;
  contentType: string;
  form: URLSearchParams;
}

/** A LanguageTool stand-in: "teh" is a misspelling, "a apple" an article error, and a match across the first blank line (to be left out). */
function startLanguageTool(): Promise<{ url: string; seen: Seen[]; fail: (status: number | null) => void; close: () => Promise<void> }> {
  const seen: Seen[] = [];
  let failing: number | null = null;
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      seen.push({ path: req.url ?? "", contentType: req.headers["content-type"] ?? "", form });
      if (failing) {
        res.writeHead(failing, { "content-type": "text/plain" }).end("Error: internal");
        return;
      }
      const text = form.get("text") ?? "";
      const matches: unknown[] = [];
      for (const m of text.matchAll(/teh/g)) {
        matches.push({ message: "Possible spelling mistake found.", shortMessage: "Spelling mistake", offset: m.index, length: 3, replacements: [{ value: "the" }, { value: "ten" }], rule: { id: "MORFOLOGIK_RULE_EN_US", issueType: "misspelling", category: { id: "TYPOS" } } });
      }
      for (const m of text.matchAll(/\ba apple/g)) {
        matches.push({ message: "Use <suggestion>an</suggestion> instead of 'a' if the following word starts with a vowel sound.", offset: m.index, length: 1, replacements: [{ value: "an" }], rule: { id: "EN_A_VS_AN", issueType: "grammar" } });
      }
      const gap = text.indexOf("\n\n");
      if (gap > 0) matches.push({ message: "Across", offset: gap - 1, length: 4, replacements: [], rule: { id: "CROSS", issueType: "style" } });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ software: { name: "LanguageTool" }, language: { code: "en-US" }, matches }));
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, seen, fail: (s) => (failing = s), close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

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
