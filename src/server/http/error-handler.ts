// Turns every thrown error into the public error body (src/shared/errors.ts). Known client
// mistakes become 4xx with a clear message; anything unexpected is a logged 500 with
// the request id and never a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody, ErrorCode } from "../../shared/errors.js";
import { type DatabaseTrouble, databaseUnavailable } from "../db/unavailable.js";
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

// When the database cannot serve the request (db/unavailable.ts: unreachable, gone, or its
// schema missing), the request did not happen and the client may retry shortly: 503
// `service_unavailable` with `Retry-After: 1`, never a 500.
export const DATABASE_UNAVAILABLE_MESSAGE = "The database is unavailable right now; please try again shortly";

function logTrouble(request: FastifyRequest, err: unknown, trouble: DatabaseTrouble) {
  if (trouble === "schema_missing") {
    request.log.error({ err, reqId: request.id }, "database schema missing (see GET /api/health)");
  } else {
    request.log.warn({ err, reqId: request.id }, "database unavailable");
  }
}

/**
 * Scopes with an error handler of their own (the GoTrue-shaped /auth/v1 one) answer 500 for
 * an error they do not know. The root hooks below, which every scope inherits, note a database
 * failure before that handler runs and turn its 5xx into the same 503 with Retry-After, in
 * that scope's body shape.
 */
function installUnavailableRewrite(app: FastifyInstance) {
  const unavailable = new WeakSet<FastifyRequest>();
  app.addHook("onError", async (request, _reply, err) => {
    if (databaseUnavailable(err)) unavailable.add(request);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    if (!unavailable.has(request) || reply.statusCode < 500) return payload;
    reply.header("retry-after", "1");
    if (reply.statusCode === 503) return payload;
    reply.status(503);
    let gotrue = false;
    if (typeof payload === "string") {
      try {
        gotrue = typeof (JSON.parse(payload) as { error_code?: unknown }).error_code === "string";
      } catch {
        gotrue = false;
      }
    }
    reply.type("application/json; charset=utf-8");
    const body = gotrue
      ? { code: 503, error_code: "service_unavailable", msg: DATABASE_UNAVAILABLE_MESSAGE }
      : ({ error: "service_unavailable", message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
    return JSON.stringify(body);
  });
}

export function installErrorHandler(app: FastifyInstance) {
  installUnavailableRewrite(app);
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return send(reply, err.status, err.code, err.message, err.extra);
    }
    const trouble = databaseUnavailable(err);
    if (trouble) {
      logTrouble(request, err, trouble);
      reply.header("retry-after", "1");
      return send(reply, 503, "service_unavailable", DATABASE_UNAVAILABLE_MESSAGE);
    }
    const known = fastifyClientError(err);
    if (known) return send(reply, known.status, known.code, known.message);
    request.log.error({ err, reqId: request.id }, "unhandled error");
    return send(reply, 500, "internal_error", `Something went wrong on our side (request ${request.id})`);
  });
}
