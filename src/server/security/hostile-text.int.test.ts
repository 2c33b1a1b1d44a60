// Text that is not text (a NUL, a lone surrogate) and trees too deep to walk recursively,
// sent to the fields that once answered 500: every one is now a 400 whose body names the
// field, the /auth/v1 service answers in its own error shape, and valid text with a BOM,
// direction marks and 4-byte characters round-trips unchanged. Rules:
// src/shared/contracts/text.ts; applied to every route by src/server/http/validate.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp, type TestUser, usingPostgres } from "../test/harness.js";
import { paragraphDoc } from "../documents/documents.test-util.js";

const NUL = "a\u0000b";
const LONE = "a\udc00b";
const VALID = "\ufeffBOM \u200f\u05e9\u05dc\u05d5\u05dd\u200e \u202eflip\u202c 😀 👩\u200d💻 𝄞";

/** JSON text nested `depth` objects deep, built as a string (JSON.stringify would overflow). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}"x"${"}".repeat(depth)}`;
const nestedDocJson = (depth: number) => {
  const para = '{"type":"paragraph","content":[{"type":"text","text":"x"}]}';
  return `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(depth)}${para}${"]}".repeat(depth)}]}`;
};

describe("hostile text and deep trees", () => {
  let t: TestApp;
  let user: TestUser;
  let docId: string;
  let sharedId: string;

  const send = (method: string, url: string, payload: unknown, headers: Record<string, string> = user.headers) =>
    t.app.inject({
      method: method as "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: typeof payload === "string" ? payload : JSON.stringify(payload),
    });
  const expectRefused = (res: Awaited<ReturnType<typeof send>>, message: RegExp) => {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const body = res.json();
    // Product API: {error, message}; /auth/v1: GoTrue's {code, error_code, msg}.
    expect(body.error ?? body.error_code).toBe("validation_failed");
    expect(body.message ?? body.msg).toMatch(message);
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { plan: "professional" });
    docId = (await send("POST", "/api/documents", { title: "Target" })).json().id;
    sharedId = (await send("POST", "/api/documents", { title: "Shared", content: paragraphDoc("hi") })).json().id;
    expect((await send("PUT", `/api/documents/${sharedId}/share`, { isPublic: true, allowEditing: true })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  describe("a NUL or a lone surrogate is refused with the field named", () => {
    it.each([
      ["document title", "POST", "/api/documents", { title: NUL }, /^title: text must not contain the NUL character \(U\+0000\)$/],
      ["document title (lone surrogate)", "POST", "/api/documents", { title: LONE }, /^title: text .*unpaired surrogate \(U\+DC00\)/],
      ["document text", "POST", "/api/documents", { content: paragraphDoc(NUL) }, /^content\.content\.0\.content\.0\.text: .*NUL/],
      ["document text (lone surrogate)", "POST", "/api/documents", { content: paragraphDoc(LONE) }, /^content\.content\.0\.content\.0\.text: .*U\+DC00/],
      ["document text sent as a JSON string", "POST", "/api/documents", { content: JSON.stringify(paragraphDoc(NUL)) }, /^content\.content\.0\.content\.0\.text: .*NUL/],
      ["AI suggestion", "POST", "/api/ai/suggestions", { originalText: NUL, suggestedText: "c" }, /^originalText: .*NUL/],
      ["AI improve", "POST", "/api/ai/improve", { text: NUL }, /^text: .*NUL/],
      ["AI tone description", "POST", "/api/ai/tone", { text: "Hello", tone: "formal", description: LONE }, /^description: .*U\+DC00/],
      ["share password", "PUT", "/api/documents/:doc/share", { password: NUL }, /^password: .*NUL/],
      ["a field name", "POST", "/api/documents", { "ti\u0000tle": "x" }, /field name.*NUL/],
      ["a query parameter", "GET", "/api/documents?q=a%00b", undefined, /^query\.q: .*NUL/],
    ])("%s", async (_name, method, url, payload, message) => {
      const res =
        payload === undefined
          ? await request(t, method as "GET", url, { user })
          : await send(method, url.replace(":doc", docId), payload);
      expectRefused(res, message);
    });

    it("in a document save (PATCH)", async () => {
      expectRefused(await send("PATCH", `/api/documents/${docId}`, { content: paragraphDoc(NUL), version: 1 }), /NUL/);
      expectRefused(await send("PATCH", `/api/documents/${docId}`, { title: LONE, version: 1 }), /^title: .*U\+DC00/);
      // The autosave sends the content as a JSON string: NUL and a lone surrogate can only be escapes in it.
      expectRefused(await send("PATCH", `/api/documents/${docId}`, { content: JSON.stringify(paragraphDoc(NUL)), version: 1 }), /^content\.content\.0\.content\.0\.text: .*NUL/);
      expectRefused(await send("PATCH", `/api/documents/${docId}`, { content: JSON.stringify(paragraphDoc(LONE)), version: 1 }), /^content\.content\.0\.content\.0\.text: .*U\+DC00/);
      expectRefused(await send("PATCH", `/api/documents/${docId}`, { content: JSON.stringify(paragraphDoc(`a\\u0000${LONE}`)), version: 1 }), /U\+DC00/);
    });

    it("in an anonymous edit through an editable share link, and when unlocking one", async () => {
      expectRefused(await send("PATCH", `/api/shared/${sharedId}`, { title: NUL, version: 1 }, {}), /^title: .*NUL/);
      expectRefused(await send("PATCH", `/api/shared/${sharedId}`, { content: paragraphDoc(LONE), version: 1 }, {}), /U\+DC00/);
      expectRefused(await send("POST", `/api/shared/${sharedId}/unlock`, { password: NUL }, {}), /^password: .*NUL/);
    });

    it("in sign-up full_name and user metadata, in GoTrue's error shape", async () => {
      const signup = await send("POST", "/auth/v1/signup", { email: "nul@example.com", password: "A-long-passw0rd!", data: { full_name: NUL } }, {});
      expectRefused(signup, /^data\.full_name: .*NUL/);
      expect(signup.json()).toMatchObject({ code: 400, error_code: "validation_failed" });
      expectRefused(await send("PUT", "/auth/v1/user", { data: { note: LONE } }), /^data\.note: .*U\+DC00/);
      expectRefused(await send("PUT", "/auth/v1/user", { data: { [`k${NUL}`]: 1 } }), /field name.*NUL/);
    });
  });

  describe("deep trees are refused without overflowing the stack", () => {
    it.each([4000, 5000, 100_000])("document content %i levels deep, as an object and as a JSON string", async (depth) => {
      expectRefused(await send("POST", "/api/documents", `{"content":${nestedDocJson(depth)}}`), /nesting is deeper than 160 levels/);
      expectRefused(await send("POST", "/api/documents", { content: nestedDocJson(depth) }), /nested deeper than 64 levels/);
    });

    it("sign-up and PUT /auth/v1/user metadata 10,000 levels deep", async () => {
      const body = `{"email":"deep@example.com","password":"A-long-passw0rd!","data":${nestedJson(10_000)}}`;
      expectRefused(await send("POST", "/auth/v1/signup", body, {}), /^data\.a\.a.*nesting is deeper than/);
      expectRefused(await send("PUT", "/auth/v1/user", `{"data":${nestedJson(10_000)}}`), /^data\.a\.a.*nesting is deeper than/);
    });

    it("metadata deeper than its own cap of 16 levels", async () => {
      expectRefused(await send("PUT", "/auth/v1/user", `{"data":${nestedJson(17)}}`), /^data\.a.*nesting is deeper than 16 levels/);
      expect((await send("PUT", "/auth/v1/user", `{"data":${nestedJson(15)}}`)).statusCode).toBe(200);
    });
  });

  describe("valid text round-trips unchanged", () => {
    it("in titles, document text, full_name, metadata and AI suggestions", async () => {
      const created = await send("POST", "/api/documents", { title: `x ${VALID} x`, content: paragraphDoc(VALID) });
      expect(created.statusCode).toBe(201);
      const read = (await request(t, "GET", `/api/documents/${created.json().id}`, { user })).json();
      expect(read.title).toBe(`x ${VALID} x`);
      expect(read.content.content[0].content[0].text).toBe(VALID);

      const signup = await send("POST", "/auth/v1/signup", { email: "valid@example.com", password: "A-long-passw0rd!", data: { full_name: `x ${VALID}`, note: VALID } }, {});
      expect(signup.statusCode, signup.body).toBe(200);
      const meta = (signup.json().user ?? signup.json()).user_metadata;
      expect(meta).toMatchObject({ full_name: `x ${VALID}`, note: VALID });

      const suggestion = await send("POST", "/api/ai/suggestions", { originalText: `x ${VALID}`, suggestedText: `y ${VALID}` });
      expect(suggestion.statusCode).toBe(201);
      expect(suggestion.json()).toMatchObject({ originalText: `x ${VALID}`, suggestedText: `y ${VALID}` });
    });

    // Known defect of the embedded database: PGlite decodes each text value with a default
    // TextDecoder, which drops a BOM at the very start of the value (it is stored; only the
    // read loses it). PostgreSQL keeps it. Marked as failing on PGlite so a fix shows up.
    (usingPostgres() ? it : it.fails)("keeps a BOM at the very start of a plain-text column", async () => {
      const suggestion = await send("POST", "/api/ai/suggestions", { originalText: VALID, suggestedText: "z" });
      expect(suggestion.statusCode).toBe(201);
      expect(suggestion.json().originalText).toBe(VALID);
    });
  });

  it("stays up", async () => {
    expect((await request(t, "GET", "/api/health")).statusCode).toBe(200);
  });
});
