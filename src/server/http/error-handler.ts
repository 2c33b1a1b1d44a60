// Turns every thrown error into the public error body (src/shared/errors.ts). Known client
// mistakes become 4xx with a clear message; anything unexpected is a logged 500 with
// the request id and never a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody, ErrorCode } from "../../shared/errors.js";
import { AppError } from "./errors.js";

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  const body: ErrorBody = { error: code, message, ...extra };
  return reply.status(status).type("application/json; charset=utf-8").send(body);
}

function fastifyClientError(err: FastifyError): { status: number; code: ErrorCode; message: string } | null {
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, code: "payload_too_large", message: "Request body is too large" };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, code: "unsupported_media_type", message: "Unsupported content type" };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, code: "invalid_json", message: "Body cannot be empty when content-type is application/json" };
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return { status: 400, code: "validation_failed", message: "Invalid content length" };
    default:
      break;
  }
  if (err instanceof SyntaxError || err.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return { status: 400, code: "invalid_json", message: "Body is not valid JSON" };
  }
  if (err.validation) return { status: 400, code: "validation_failed", message: err.message };
  if (err.statusCode === 429) return { status: 429, code: "rate_limited", message: err.message || "Too many requests" };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
    return { status: err.statusCode, code: err.statusCode === 404 ? "not_found" : "validation_failed", message: err.message };
  }
  return null;
}

// Connection-level failures of the database (restart, network): the request did not
// happen, and the client may retry shortly. postgres.js and PostgreSQL error codes.
const DATABASE_DOWN = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "08000",
  "08001",
  "08003",
  "08006",
]);

/**
 * The driver's error may arrive wrapped: drizzle throws a DrizzleQueryError whose `cause`
 * is the postgres.js error carrying the code. Follows the cause chain (bounded, in case
 * of a cycle).
 */
function isDatabaseDown(err: unknown): boolean {
  let e: unknown = err;
  for (let hops = 0; hops < 8 && typeof e === "object" && e !== null; hops++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && DATABASE_DOWN.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return send(reply, err.status, err.code, err.message, err.extra);
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err, reqId: request.id }, "database unavailable");
      reply.header("retry-after", "1");
      return send(reply, 503, "service_unavailable", "The database is unavailable right now; please try again shortly");
    }
    const known = fastifyClientError(err);
    if (known) return send(reply, known.status, known.code, known.message);
    request.log.error({ err, reqId: request.id }, "unhandled error");
    return send(reply, 500, "internal_error", `Something went wrong on our side (request ${request.id})`);
  });
}
