// Bad input, property-based: random and hostile bodies (wrong types, huge strings, deep
// nesting, unknown fields, invalid JSON, wrong content types) sent to every route that
// takes a body. The answer is never a 5xx, a 4xx always carries an error body, and the
// server stays up.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../test/harness.js";

const RUNS_PER_ROUTE = Number(process.env.FAULT_RUNS_PER_ROUTE ?? 30);
const counts = { routes: 0, cases: 0 };

function deep(depth: number): unknown {
  let v: unknown = "bottom";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
}

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
);

const bodyArb = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom("title", "content", "version", "text", "style", "tone", "priceId", "sessionId", "password", "email", "isPublic", "expiresAt", "accepted", "theme", "documentId", "count", "format", "data", "unknownField"), hostileValue).map((o) => ({ kind: "json" as const, payload: JSON.stringify(o) })) },
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
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(200);
    console.log(`bad-input suite: ${counts.routes} routes, ${counts.cases} cases`);
  });
});
