// Bad input, property-based: random and hostile bodies (wrong types, huge strings, deep
// nesting, unknown fields, invalid JSON, wrong content types, NUL characters and lone
// surrogates) sent to every route that takes a body, then a fixed list of hostile bodies
// (HOSTILE_BODIES) to every one of them. The answer is never a 5xx, a 4xx always carries
// an error body, and the server stays up.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../test/harness.js";

const RUNS_PER_ROUTE = Number(process.env.FAULT_RUNS_PER_ROUTE ?? 30);
const counts = { routes: 0, cases: 0, fixed: 0 };

function deep(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

/** JSON text nested `depth` levels, built as text: JSON.stringify itself overflows on it. */
function deepJson(depth: number, leaf = '"bottom"'): string {
  return `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
}
function deepDocJson(depth: number): string {
  const para = '{"type":"paragraph","content":[{"type":"text","text":"x"}]}';
  return `{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(depth)}${para}${"]}".repeat(depth)}]}`;
}
const docWithText = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });

/** Hostile bodies every route gets once each, as JSON text (several are too deep to stringify). */
const HOSTILE_BODIES: [string, string][] = [
  ["NUL in every text field", JSON.stringify({ title: "a\u0000b", text: "a\u0000b", originalText: "a\u0000b", suggestedText: "b", password: "a\u0000b", email: "a\u0000@b.co", confirmEmail: "a\u0000", data: { full_name: "a\u0000b" }, version: 1 })],
  ["lone surrogate in every text field", JSON.stringify({ title: "a\udc00b", text: "a\ud800", originalText: "a\udc00", suggestedText: "b", password: "\udc00", data: { full_name: "a\udc00b" }, version: 1 })],
  ["NUL in document text", JSON.stringify({ content: docWithText("a\u0000b"), version: 1 })],
  ["lone surrogate in document text", JSON.stringify({ content: docWithText("a\udc00b"), version: 1 })],
  ["NUL in a field name", JSON.stringify({ "ti\u0000tle": "x", version: 1 })],
  ["document content 5,000 levels deep", `{"content":${deepDocJson(5000)},"version":1}`],
  ["document content 5,000 levels deep as a JSON string", JSON.stringify({ content: deepDocJson(5000), version: 1 })],
  ["metadata 10,000 levels deep", `{"email":"deep@example.com","password":"A-long-passw0rd!","data":${deepJson(10_000)}}`],
  ["a body 10,000 levels deep", deepJson(10_000)],
  ["an array 10,000 levels deep", `${"[".repeat(10_000)}${"]".repeat(10_000)}`],
];

const hostileValue = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 50 }),
  fc.constant("x".repeat(200_000)),
  fc.constant(deep(2000)),
  fc.constant("<script>alert(1)</script>"),
  fc.constant("javascript:alert(1)"),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.constant({ __proto__: { polluted: true } }),
  fc.constant({ constructor: { prototype: { polluted: true } } }),
  fc.constantFrom("a\u0000b", "\u0000", "a\udc00b", "\ud800", "\ufeff\u200f😀"),
  fc.constant(docWithText("a\u0000b")),
  fc.constant({ full_name: "a\u0000b", nested: deep(300) }),
);

const bodyArb = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom("title", "content", "version", "text", "style", "tone", "priceId", "sessionId", "password", "email", "isPublic", "expiresAt", "accepted", "theme", "documentId", "count", "format", "data", "full_name", "originalText", "suggestedText", "description", "confirmEmail", "unknownField"), hostileValue).map((o) => ({ kind: "json" as const, payload: JSON.stringify(o) })) },
  { weight: 1, arbitrary: hostileValue.map((v) => ({ kind: "json" as const, payload: JSON.stringify(v) ?? "null" })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ kind: "json" as const, payload: `{"broken": ${s}` })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ kind: "text" as const, payload: s })) },
  { weight: 1, arbitrary: fc.constant({ kind: "form" as const, payload: "a=1&b=2" }) },
);

function hasErrorBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return typeof parsed.error === "string" || typeof parsed.msg === "string" || typeof parsed.error_code === "string";
  } catch {
    return false;
  }
}

describe("hostile bodies on every route that takes one", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { plan: "professional" });
    await t.app.inject({ method: "POST", url: "/api/documents", headers: user.headers, payload: { title: "Target" } });
  });
  afterAll(async () => t?.close());

  it("never answers 5xx, always explains a 4xx, and stays up", async () => {
    const docs = await t.app.inject({ method: "GET", url: "/api/documents", headers: user.headers });
    const docId = docs.json()[0].id as string;
    const routes = t.app.routeList.filter((r) => ["POST", "PUT", "PATCH", "DELETE"].includes(r.method));
    counts.routes = routes.length;
    for (const route of routes) {
      // Destructive account routes get a fresh user each time so one case cannot starve the rest.
      await fc.assert(
        fc.asyncProperty(bodyArb, fc.boolean(), async (body, signedIn) => {
          const url = route.url.replace(":id", docId);
          const contentType = body.kind === "json" ? "application/json" : body.kind === "form" ? "application/x-www-form-urlencoded" : "text/plain";
          const who = signedIn ? (await createTestUser(t, { plan: "professional" })).headers : {};
          const res = await t.app.inject({ method: route.method as "POST", url, headers: { ...who, "content-type": contentType }, payload: body.payload });
          counts.cases++;
          expect(res.statusCode, `${route.method} ${route.url} → ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(hasErrorBody(res.body), `${route.method} ${route.url} ${res.statusCode} without an error body: ${res.body.slice(0, 200)}`).toBe(true);
        }),
        { numRuns: RUNS_PER_ROUTE },
      );
    }
    for (const route of routes) {
      const url = route.url.replace(":id", docId);
      for (const [name, payload] of HOSTILE_BODIES) {
        for (const who of [(await createTestUser(t, { plan: "professional" })).headers, {}]) {
          const res = await t.app.inject({ method: route.method as "POST", url, headers: { ...who, "content-type": "application/json" }, payload });
          counts.cases++;
          counts.fixed++;
          expect(res.statusCode, `${route.method} ${route.url} (${name}) → ${res.statusCode}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(hasErrorBody(res.body), `${route.method} ${route.url} (${name}) ${res.statusCode} without an error body`).toBe(true);
        }
      }
    }
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    console.log(`bad-input suite: ${counts.routes} routes, ${counts.cases} cases (${counts.fixed} from the fixed hostile list)`);
  });
});
