// What the /auth/v1 flows share: the app context, the session service, the limiter and the
// queue for mail sent after answering.
import type { AppContext } from "../context.js";
import type { AfterResponseQueue } from "../mail/index.js";
import type { RateLimiter } from "../http/index.js";
import type { AuthRateRule } from "./rate-rules.js";
import type { SessionService } from "./sessions.js";

export interface AuthDeps {
  ctx: AppContext;
  sessions: SessionService;
  limiter: RateLimiter<AuthRateRule>;
  /** Mail work that runs after the answer, so known and unknown addresses answer alike. */
  afterResponse: AfterResponseQueue;
  /** AUTH_SECURE_PASSWORD_CHANGE: password changes need GET /reauthenticate's nonce (GoTrue's UpdatePasswordRequireReauthentication). */
  securePasswordChange: boolean;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  /** redirect_to from the query (auth-js sends it there), not yet checked. */
  redirectTo: string | null;
}
