import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
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
