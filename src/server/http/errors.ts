// AppError carries an HTTP status and the public error body. Route code throws these;
// the error handler turns them into responses. Anything else becomes a 500.
import type { ErrorCode } from "../../shared/errors.js";

export class AppError extends Error {
  constructor(
    public status: number,
    public code: ErrorCode,
    message: string,
    public extra: Record<string, unknown> = {},
    public headers: Record<string, string> = {},
  ) {
    super(message);
  }

  /** Fastify's name for the status: a handler that knows only Fastify errors (the /auth/v1 one) keeps the 4xx. */
  get statusCode(): number {
    return this.status;
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) =>
  new AppError(400, "validation_failed", message, extra);
export const unauthorized = (message = "User not authenticated") => new AppError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this resource") => new AppError(403, "forbidden", message);
export const notFound = (message = "Not found") => new AppError(404, "not_found", message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError(409, "conflict", message, extra);
export const tooLarge = (message: string) => new AppError(413, "payload_too_large", message);
export const upgradeRequired = (feature: string, message: string, extra?: Record<string, unknown>) =>
  new AppError(402, "upgrade_required", message, { feature, ...extra });
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(429, "rate_limited", message, { retryAfter: retryAfterSeconds }, { "retry-after": String(retryAfterSeconds) });
