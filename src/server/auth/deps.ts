// What the /auth/v1 flows share: the app context, the session service and the limiter.
import type { AppContext } from "../context.js";
import type { RateLimiter } from "./rate-limit.js";
import type { SessionService } from "./sessions.js";

export interface AuthDeps {
  ctx: AppContext;
  sessions: SessionService;
  limiter: RateLimiter;
}

export interface RequestInfo {
  ip: string;
  userAgent: string | null;
  /** redirect_to from the query (auth-js sends it there), not yet checked. */
  redirectTo: string | null;
}
