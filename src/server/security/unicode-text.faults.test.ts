// Unicode edge cases, property-based, on every free-text field a client can send: document
// titles and text (owner and anonymous share-link edits), full_name and metadata on
// /auth/v1, the share password, AI inputs and the settings bodies. Strings are built from
// NUL, unpaired surrogates, a BOM, direction marks and overrides, joiners, combining
// marks and 4-byte characters. Never a 5xx; text that is not text (src/shared/contracts/text.ts)
// is a 400 naming the field; anything else is accepted and reads back exactly as sent
// (after the field's documented trim).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";

const RUNS_PER_FIELD = Number(process.env.FAULT_RUNS_PER_ROUTE ?? 30);

const EDGES = [
  "\u0000", "\ud800", "\udbff", "\udc00", "\udfff", // NUL and surrogate halves (a high one then a low one make a pair)
  "\ufeff", "\u200e", "\u200f", "\u202e", "\u202c", "\u2066", "\u2069", // BOM, direction marks, overrides, isolates
  "\u200d", "e\u0301", "😀", "👩\u200d💻", "𝄞", "\u{10FFFF}", "\u{E0001}", // joiners, combining, 4-byte
  "a", " ", "é", "\u05e9\u05dc\u05d5\u05dd",
];
const textArb = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...EDGES) }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 3 }) }), {
    minLength: 1,
    maxLength: 10,
  })
  .map((parts) => parts.join(""));

/** The oracle, written independently of the server's check: NUL or a surrogate without its partner. */
function isNotText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
      else return true;
    } else if (c >= 0xdc00 && c <= 0xdfff) return true;
  }
  return false;
}

const docWithText = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

describe("unicode edge cases on every text field", () => {
  let t: TestApp;
  let owner: TestUser;
  let cases = 0;
  let ip = 0;

  const call = async (method: string, url: string, payload: unknown, headers: Record<string, string> = owner.headers) => {
    cases++;
    ip++;
    const res = await t.app.inject({
      method: method as "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: JSON.stringify(payload),
      // Each case from its own address, so per-IP auth limits do not turn cases into 429s.
      remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
    });
    expect(res.statusCode, `${method} ${url} ${JSON.stringify(payload).slice(0, 200)} → ${res.body.slice(0, 300)}`).toBeLessThan(500);
    return res;
  };
  const get = (url: string, headers: Record<string, string> = owner.headers) => request(t, "GET", url, { headers });
  /** A refusal of text that is not text: 400, and the message names the field. */
  const expectNamed = (res: { statusCode: number; json(): Record<string, unknown> }, field: string) => {
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(String(body.message ?? body.msg)).toMatch(new RegExp(`^${field.replaceAll(".", "\\.")}: text must not contain`));
  };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => {
    console.log(`unicode fuzz: ${cases} requests`);
    await t?.close();
  });

  const property = (run: (s: string) => Promise<void>) =>
    fc.assert(fc.asyncProperty(textArb, run), { numRuns: RUNS_PER_FIELD });

  it("document title", async () => {
    await property(async (s) => {
      const res = await call("POST", "/api/documents", { title: s });
      if (isNotText(s)) {
        expectNamed(res, "title");
        return;
      }
      if (s.trim() === "") {
        expect(res.statusCode).toBe(400);
        return;
      }
      expect(res.statusCode).toBe(201);
      expect((await get(`/api/documents/${res.json().id}`)).json().title).toBe(s.trim());
    });
  });

  it("document text", async () => {
    await property(async (s) => {
      const res = await call("POST", "/api/documents", { content: docWithText(s) });
      if (isNotText(s)) {
        expectNamed(res, "content.content.0.content.0.text");
        return;
      }
      if (s === "") {
        expect(res.statusCode).toBe(400);
        return;
      } // ProseMirror has no empty text node
      expect(res.statusCode).toBe(201);
      expect((await get(`/api/documents/${res.json().id}`)).json().content.content[0].content[0].text).toBe(s);
    });
  });

  it("title and text through an editable share link, anonymously", async () => {
    const doc = (await call("POST", "/api/documents", { title: "Shared", content: docWithText("x") })).json();
    expect((await call("PUT", `/api/documents/${doc.id}/share`, { isPublic: true, allowEditing: true })).statusCode).toBe(200);
    let version = doc.version as number;
    await property(async (s) => {
      const res = await call("PATCH", `/api/shared/${doc.id}`, { title: `t ${s}`, content: docWithText(`c ${s}`), version }, {});
      if (isNotText(s)) {
        expectNamed(res, "title");
        return;
      }
      expect(res.statusCode).toBe(200);
      version = res.json().version;
      const read = (await get(`/api/shared/${doc.id}`, {})).json();
      expect(read.title).toBe(`t ${s}`.trim());
      expect(read.content.content[0].content[0].text).toBe(`c ${s}`);
    });
  });

  it("sign-up full_name", async () => {
    await property(async (s) => {
      const email = `fuzz-${cases}@example.com`;
      const res = await call("POST", "/auth/v1/signup", { email, password: "A-long-passw0rd!", data: { full_name: s } }, {});
      if (isNotText(s)) {
        expectNamed(res, "data.full_name");
        return;
      }
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect((body.user ?? body).user_metadata.full_name).toBe(s.trim());
    });
  });

  it("user metadata (PUT /auth/v1/user)", async () => {
    await property(async (s) => {
      const res = await call("PUT", "/auth/v1/user", { data: { note: s, list: ["ok", s] } });
      if (isNotText(s)) {
        expectNamed(res, "data.note");
        return;
      }
      expect(res.statusCode).toBe(200);
      const read = (await get("/auth/v1/user")).json();
      expect(read.user_metadata).toMatchObject({ note: s, list: ["ok", s] });
    });
  });

  it("share password, and unlocking with it", async () => {
    const doc = (await call("POST", "/api/documents", { title: "Locked" })).json();
    await property(async (s) => {
      const res = await call("PUT", `/api/documents/${doc.id}/share`, { isPublic: true, password: s });
      if (isNotText(s)) {
        expectNamed(res, "password");
        return;
      }
      if (s === "") {
        expect(res.statusCode).toBe(400);
        return;
      }
      expect(res.statusCode).toBe(200);
      const unlock = await call("POST", `/api/shared/${doc.id}/unlock`, { password: s }, {});
      expect(unlock.statusCode).toBe(200);
    });
  });

  it("AI inputs: a stored suggestion and a text analysis", async () => {
    await property(async (s) => {
      // "› " first: the embedded database drops a BOM at the very start of a plain-text
      // column when reading it back (see src/server/security/hostile-text.int.test.ts).
      const text = `› ${s}`;
      const res = await call("POST", "/api/ai/suggestions", { originalText: text, suggestedText: text });
      if (isNotText(s)) {
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toMatch(/^originalText: text must not contain/);
      } else {
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ originalText: text, suggestedText: text });
      }
      const analyze = await call("POST", "/api/ai/analyze", { text: s });
      if (isNotText(s)) expectNamed(analyze, "text");
    });
  });

  it("settings bodies", async () => {
    await property(async (s) => {
      const prefs = await call("PUT", "/api/settings/preferences", { theme: s });
      expect(prefs.statusCode).toBe(400);
      if (isNotText(s)) expectNamed(prefs, "theme");
      const del = await call("POST", "/api/account/delete", { confirmEmail: s });
      expect(del.statusCode).toBeGreaterThanOrEqual(400);
      if (isNotText(s)) expectNamed(del, "confirmEmail");
    });
    expect((await get("/api/health", {})).statusCode).toBe(200);
  });
});
