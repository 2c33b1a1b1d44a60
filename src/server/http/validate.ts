// Request input checks. parse() applies a shared zod contract (a failure is a 400 with the
// issues); installInputCheck() applies the text and nesting rules of
// src/shared/contracts/text.ts to every route's body, query and path parameters before any
// handler runs, so no route (the /auth/v1 service and anonymous share links included) can
// hand a NUL, a lone surrogate or a stack-overflowing tree to the database or to
// JSON.stringify.
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { describeInputProblem, findInputProblem } from "../../shared/contracts/text.js";
import { AppError } from "./errors.js";

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  throw new AppError(400, "validation_failed", message, { issues });
}

const PARTS = [
  ["body", ""],
  ["query", "query"],
  ["params", "params"],
] as const;

/** Throws a 400 naming the field when the request carries something that is not text or nests too deep. */
function checkRequestInput(request: FastifyRequest): void {
  for (const [part, label] of PARTS) {
    const value = request[part];
    // Raw bodies (the Stripe webhook keeps the signed bytes) are checked where they are parsed.
    if (value === undefined || Buffer.isBuffer(value)) continue;
    const problem = findInputProblem(value);
    if (!problem) continue;
    const message = describeInputProblem(problem, label);
    throw new AppError(400, "validation_failed", message, { issues: [{ path: [label, problem.path].filter(Boolean).join("."), message: problem.message }] });
  }
}

export function installInputCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => checkRequestInput(request));
}
