import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { databaseUnavailable } from "../db/unavailable.js";
import { installErrorHandler } from "./error-handler.js";

function driverError(code: string): Error {
  return Object.assign(new Error("terminating connection due to administrator command"), { code });
}

async function answer(thrown: unknown) {
  const app = Fastify({ logger: false });
  installErrorHandler(app);
  app.get("/boom", async () => {
    throw thrown;
  });
  const res = await app.inject({ method: "GET", url: "/boom" });
  await app.close();
  return res;
}

describe("error handler", () => {
  it("answers 503 with Retry-After when the database connection was dropped, even wrapped by drizzle", async () => {
    for (const thrown of [
      driverError("57P01"),
      new DrizzleQueryError("update documents set ...", [], driverError("57P01")),
      new DrizzleQueryError("select 1", [], Object.assign(new Error("write CONNECTION_CLOSED"), { code: "CONNECTION_CLOSED" })),
      new Error("transaction failed", { cause: new DrizzleQueryError("select 1", [], driverError("ECONNRESET")) }),
    ]) {
      const res = await answer(thrown);
      expect(res.statusCode, String(thrown)).toBe(503);
      expect(res.headers["retry-after"]).toBe("1");
      expect(res.json().error).toBe("service_unavailable");
    }
  });

  it("answers 503 with Retry-After for every shape of a database that is gone, unreachable or empty", async () => {
    const shapes: [string, unknown][] = [
      ["refused", Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED", errno: -111 })],
      [
        "refused on every address (AggregateError)",
        new DrizzleQueryError("select 1", [], Object.assign(new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })], ""), {})),
      ],
      ["connection terminated", new DrizzleQueryError("select 1", [], Object.assign(new Error("write CONNECTION_ENDED"), { code: "CONNECTION_ENDED" }))],
      ["connection destroyed", Object.assign(new Error("write CONNECTION_DESTROYED"), { code: "CONNECTION_DESTROYED" })],
      ["connect timeout", new DrizzleQueryError("select 1", [], Object.assign(new Error("write CONNECT_TIMEOUT"), { code: "CONNECT_TIMEOUT" }))],
      ["socket timeout", Object.assign(new Error("read ETIMEDOUT"), { code: "ETIMEDOUT" })],
      ["host unreachable", Object.assign(new Error("connect EHOSTUNREACH"), { code: "EHOSTUNREACH" })],
      ["name not found", Object.assign(new Error("getaddrinfo ENOTFOUND db"), { code: "ENOTFOUND" })],
      ["crash shutdown", new DrizzleQueryError("select 1", [], driverError("57P02"))],
      ["cannot connect now", new DrizzleQueryError("select 1", [], driverError("57P03"))],
      ["database dropped", driverError("57P04")],
      ["statement timeout", driverError("57014")],
      ["too many connections", driverError("53300")],
      ["database does not exist", new DrizzleQueryError("select 1", [], driverError("3D000"))],
      ["relation does not exist (re-created empty)", new DrizzleQueryError("select 1", [], driverError("42P01"))],
      ["schema does not exist", driverError("3F000")],
      ["connection exception", driverError("08000")],
      ["unable to connect", driverError("08001")],
      ["connection does not exist", driverError("08003")],
      ["connection failure", driverError("08006")],
      ["protocol violation", driverError("08P01")],
    ];
    for (const [what, thrown] of shapes) {
      const res = await answer(thrown);
      expect(res.statusCode, what).toBe(503);
      expect(res.headers["retry-after"], what).toBe("1");
      expect(res.json(), what).toEqual({ error: "service_unavailable", message: expect.any(String) });
    }
    expect(databaseUnavailable(driverError("42P01"))).toBe("schema_missing");
    expect(databaseUnavailable(driverError("08006"))).toBe("unreachable");
    for (const code of ["23505", "40001", "22P02", "42601", "ERR_OTHER", "0800"]) expect(databaseUnavailable(driverError(code)), code).toBeNull();
  });

  it("turns a 500 from a scope with its own error handler into the 503 with Retry-After, in that scope's body shape", async () => {
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    await app.register(async (scope) => {
      // Like the GoTrue-shaped /auth/v1 handler: anything it does not know is a 500.
      scope.setErrorHandler((_err, _request, reply) => reply.status(500).send({ code: 500, error_code: "unexpected_failure", msg: "oops" }));
      scope.get("/auth/down", async () => {
        throw new DrizzleQueryError("select 1", [], driverError("3D000"));
      });
      scope.get("/auth/bug", async () => {
        throw new Error("a bug");
      });
    });
    const down = await app.inject({ method: "GET", url: "/auth/down" });
    expect(down.statusCode).toBe(503);
    expect(down.headers["retry-after"]).toBe("1");
    expect(down.json()).toEqual({ code: 503, error_code: "service_unavailable", msg: expect.any(String) });
    expect(Number(down.headers["content-length"])).toBe(Buffer.byteLength(down.body));
    const bug = await app.inject({ method: "GET", url: "/auth/bug" });
    expect(bug.statusCode).toBe(500);
    expect(bug.headers["retry-after"]).toBeUndefined();
    await app.close();
  });

  it("still answers 500 for an unexpected error, and does not loop on a cause cycle", async () => {
    const cyclic: Error & { cause?: unknown } = new Error("odd");
    cyclic.cause = cyclic;
    for (const thrown of [new DrizzleQueryError("select 1", [], new Error("syntax error")), cyclic]) {
      const res = await answer(thrown);
      expect(res.statusCode).toBe(500);
      expect(res.json().error).toBe("internal_error");
    }
  });
});
