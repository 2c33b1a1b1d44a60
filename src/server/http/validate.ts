// Parses request input with a shared zod contract; a failure is a 400 with the issues.
import type { z } from "zod";
import { AppError } from "./errors.js";

export function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.path}: ${first.message}` : first.message) : "Invalid request";
  throw new AppError(400, "validation_failed", message, { issues });
}
