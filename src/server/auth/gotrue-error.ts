// Errors of the /auth/v1 service in GoTrue's wire shape `{code, error_code, msg}`, which
// @supabase/auth-js turns into AuthApiError / AuthWeakPasswordError / AuthSessionMissingError.
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
    return reply.status(status).type("application/json; charset=utf-8").send({ code: status, error_code: errorCode, msg, ...extra });
  });
}
