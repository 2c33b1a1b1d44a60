// Requests are checked with the shared zod contracts inside each handler (validate.ts), not
// with Fastify's JSON Schema route option. Fastify would otherwise build its default schema
// compilers (Ajv and fast-json-stringify) as it is created: ~0.5 MB of the server's start
// bundle to compile and run for nothing. These take their place, and the build leaves
// Fastify's defaults out of the bundle (scripts/build.mjs); a route that brings a JSON
// schema fails the start with this message instead of being checked by a second system.
import type { FastifyServerOptions } from "fastify";

function refuse(): never {
  throw new Error("Route JSON schemas are not used here: check the request with its zod contract (http/validate.ts)");
}

export const ROUTE_SCHEMA_COMPILERS: NonNullable<FastifyServerOptions["schemaController"]> = {
  compilersFactory: { buildValidator: refuse, buildSerializer: refuse },
};
