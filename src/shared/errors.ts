// The error body every /api route answers with. /auth/v1 uses GoTrue's shape.
export type ErrorCode =
  | "validation_failed"
  | "invalid_json"
  | "unauthorized"
  | "password_required"
  | "invalid_password"
  | "upgrade_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "quota_exceeded"
  | "bad_gateway"
  /** The AI answer was cut short (token cap, stream ended early, not a stream): nothing is applied or charged. */
  | "ai_incomplete"
  /** The AI answered with no text. */
  | "ai_empty"
  /** The AI did not finish its answer within AI_TIMEOUT_MS. */
  | "ai_timeout"
  /** The AI provider is rate-limiting us (its 429): try again after Retry-After. */
  | "ai_busy"
  /** The AI provider refused our credentials (its 401/403): the server's or the user's connection needs fixing. */
  | "ai_misconfigured"
  /** The AI provider failed or could not be reached. */
  | "ai_unavailable"
  /** The action needs a language model and none is connected (the offline engine cannot do it). */
  | "model_required"
  | "service_unavailable"
  | "internal_error";

export interface ErrorBody {
  error: ErrorCode;
  message: string;
  [extra: string]: unknown;
}
