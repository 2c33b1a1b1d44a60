// Errors of the /auth/v1 service in GoTrue's wire shapes, which @supabase/auth-js turns into
// AuthApiError / AuthWeakPasswordError / AuthSessionMissingError. As GoTrue's error writer
// (internal/api/errors.go) does: a request with `X-Supabase-Api-Version: 2024-01-01` (or a
// later date) gets `{code: "<error code>", message}` and the header echoed back; any other
// request gets the initial shape `{code: <status>, error_code, msg}`. Both carry `x-sb-error-code`.
import type { FastifyError, FastifyInstance } from "fastify";

export type GoTrueErrorCode =
  | "validation_failed"
  | "bad_json"
  | "invalid_credentials"
  | "email_not_confirmed"
  | "weak_password"
  | "same_password"
  | "email_exists"
  | "user_already_exists"
  | "user_not_found"
  | "no_authorization"
  | "bad_jwt"
  | "session_not_found"
  | "refresh_token_not_found"
  | "refresh_token_already_used"
  | "otp_expired"
  | "over_request_rate_limit"
  | "over_email_send_rate_limit"
  | "unsupported_grant_type"
  | "flow_state_not_found"
  | "flow_state_expired"
  | "bad_code_verifier"
  | "not_admin"
  | "reauthentication_needed"
  | "reauthentication_not_valid"
  | "not_found"
  | "unexpected_failure";

export class GoTrueError extends Error {
  constructor(
    public status: number,
    public errorCode: GoTrueErrorCode,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const gotrue = {
  validation: (msg: string) => new GoTrueError(400, "validation_failed", msg),
  invalidCredentials: () => new GoTrueError(400, "invalid_credentials", "Invalid login credentials"),
  emailNotConfirmed: () => new GoTrueError(400, "email_not_confirmed", "Email not confirmed"),
  weakPassword: (msg: string, reasons: string[]) =>
    new GoTrueError(422, "weak_password", msg, { weak_password: { reasons, message: msg } }),
  noAuthorization: () => new GoTrueError(401, "no_authorization", "This endpoint requires a valid Bearer token"),
  badJwt: (detail: string) => new GoTrueError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`),
  sessionNotFound: () => new GoTrueError(403, "session_not_found", "Session from session_id claim in JWT does not exist"),
  userNotFound: () => new GoTrueError(403, "user_not_found", "User from sub claim in JWT does not exist"),
  refreshNotFound: () => new GoTrueError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"),
  refreshAlreadyUsed: () => new GoTrueError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used"),
  otpExpired: () => new GoTrueError(403, "otp_expired", "Email link is invalid or has expired"),
  rateLimited: (code: "over_request_rate_limit" | "over_email_send_rate_limit", msg: string, retryAfterSec: number) =>
    new GoTrueError(429, code, msg, {}, { "retry-after": String(retryAfterSec) }),
};

export const API_VERSION_HEADER = "x-supabase-api-version";

/** Whether a request asked for the 2024-01-01 error format (GoTrue's DetermineClosestAPIVersion). */
export function wants2024Errors(header: string | string[] | undefined): boolean {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = Date.parse(`${value}T00:00:00Z`);
  return Number.isFinite(parsed) && parsed >= Date.UTC(2024, 0, 1);
}

/** The error body in the format the request asked for. */
export function errorBody(version2024: boolean, status: number, errorCode: string, msg: string, extra: Record<string, unknown> = {}) {
  return version2024 ? { code: errorCode, message: msg, ...extra } : { code: status, error_code: errorCode, msg, ...extra };
}

/** Installs the GoTrue-shaped error handler on the (encapsulated) /auth/v1 scope. */
export function installGoTrueErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | GoTrueError, request, reply) => {
    let status: number;
    let errorCode: string;
    let msg: string;
    let extra: Record<string, unknown> = {};
    if (err instanceof GoTrueError) {
      status = err.status;
      errorCode = err.errorCode;
      msg = err.message;
      extra = err.extra;
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    } else if (err.code === "FST_ERR_CTP_INVALID_JSON_BODY" || err instanceof SyntaxError) {
      status = 400;
      errorCode = "bad_json";
      msg = "Could not parse request body as JSON";
    } else if (err.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
      status = 413;
      errorCode = "validation_failed";
      msg = "Request body is too large";
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      errorCode = "validation_failed";
      msg = err.message;
    } else {
      request.log.error({ err, reqId: request.id }, "unhandled auth error");
      status = 500;
      errorCode = "unexpected_failure";
      msg = `Something went wrong on our side (request ${request.id})`;
    }
    const v2024 = wants2024Errors(request.headers[API_VERSION_HEADER]);
    if (v2024) reply.header("X-Supabase-Api-Version", "2024-01-01");
    reply.header("x-sb-error-code", errorCode);
    return reply.status(status).type("application/json; charset=utf-8").send(errorBody(v2024, status, errorCode, msg, extra));
  });
}
