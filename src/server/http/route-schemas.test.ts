import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ROUTE_SCHEMA_COMPILERS } from "./route-schemas.js";

describe("route JSON schemas", () => {
  it("serve routes without one as usual", async () => {
    const app = Fastify({ logger: false, schemaController: ROUTE_SCHEMA_COMPILERS });
    app.post("/echo", async (request) => ({ got: request.body }));
    const res = await app.inject({ method: "POST", url: "/echo", payload: { a: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ got: { a: 1 } });
    await app.close();
  });

  it("fail the start, saying what to use instead, when a route brings one", async () => {
    const app = Fastify({ logger: false, schemaController: ROUTE_SCHEMA_COMPILERS });
    app.post("/typed", { schema: { body: { type: "object", properties: { a: { type: "number" } } } } }, async () => ({}));
    await expect(app.ready()).rejects.toThrow(/zod contract/);
    await app.close().catch(() => {});
  });
});
