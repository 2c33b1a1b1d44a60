// /auth/v1: a GoTrue-compatible auth service, so the unmodified @supabase/auth-js client
// works against it. Handlers are thin: parse → act (accounts.ts, email-flows.ts,
// sessions.ts, user-update.ts) → present in GoTrue's JSON.
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import {
  LogoutScope,
  OtpBody,
  PasswordGrantBody,
  PkceGrantBody,
  RecoverBody,
  RefreshGrantBody,
  ResendBody,
  SignupBody,
  UpdateUserBody,
  VerifyBody,
  VerifyQuery,
} from "../../shared/contracts/auth.js";
import type { AppContext } from "../context.js";
import { users } from "../db/index.js";
import { bearerToken, RateLimiter, userFromAccessToken } from "../http/index.js";
import { afterResponseQueue } from "../mail/index.js";
import { APP_VERSION } from "../version.js";
import { signInWithPassword, signUp } from "./accounts.js";
import type { AuthDeps, RequestInfo } from "./deps.js";
import { otp, reauthenticate, recover, resend, verify } from "./email-flows.js";
import { GoTrueError, gotrue, installGoTrueErrorHandler } from "./gotrue-error.js";
import { PKCE_PREFIX } from "./one-time.js";
import { exchangeAuthCode } from "./pkce.js";
import { presentUser, type UserRow } from "./present.js";
import { hmac } from "./random.js";
import { AUTH_RATE_RULES, refuseGoTrue } from "./rate-rules.js";
import { safeRedirect } from "./redirect.js";
import { loadSigningSecret } from "./secret.js";
import { REFRESH_GRACE_MS, SessionService } from "./sessions.js";
import { updateUser } from "./user-update.js";

const P = "/auth/v1";

function parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw gotrue.validation(issue?.message ?? "Invalid request");
}

function info(request: FastifyRequest): RequestInfo {
  const q = request.query as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const redirect = typeof q.redirect_to === "string" ? q.redirect_to : typeof body.redirect_to === "string" ? body.redirect_to : null;
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? null, redirectTo: redirect };
}

/**
 * The signed-in user of an /auth/v1 request, through the app's one authenticator; failures
 * are GoTrue's errors. Always checked against the database (never the session cache).
 */
async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<{ user: UserRow; sessionId: string }> {
  const token = bearerToken(request);
  if (!token) throw gotrue.noAuthorization();
  const { user, reason, expired } = await userFromAccessToken(ctx, token, { fresh: true });
  if (!user) {
    if (reason === "Session not found") throw gotrue.sessionNotFound();
    throw gotrue.badJwt(expired ? "token is expired" : "signature is invalid");
  }
  const [row] = await ctx.db.select().from(users).where(eq(users.id, user.id));
  if (!row) throw gotrue.userNotFound();
  return { user: row, sessionId: user.sessionId };
}

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Not awaited: the routes register while the database opens; the app awaits the secret
  // before it listens (app.ts).
  const deriveKey = loadSigningSecret(ctx.db, ctx.config.JWT_SECRET).then((secret) => hmac(secret, "draftsmith refresh-token successor key"));
  deriveKey.catch(() => {});
  const deps: AuthDeps = {
    ctx,
    sessions: new SessionService(ctx, deriveKey),
    limiter: new RateLimiter(ctx.rateLimits, ctx.now, refuseGoTrue),
    afterResponse: afterResponseQueue(ctx, (err, label) => app.log.error({ err }, `${label} failed after answering`)),
    securePasswordChange: ctx.config.AUTH_SECURE_PASSWORD_CHANGE,
  };
  // Shutdown lets queued mail go out before the database closes.
  app.addHook("onClose", async () => deps.afterResponse.drain());
  installGoTrueErrorHandler(app);
  // auth-js sends `Content-Type: application/json` with no body on POST /logout.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === "") return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch (err) {
      done(err as Error, undefined);
    }
  });
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(P)) reply.header("cache-control", "no-store");
  });

  app.get(`${P}/health`, async () => ({ version: APP_VERSION, name: "GoTrue", description: "Draftsmith accounts service" }));

  // Access tokens are HS256 (shared secret), so there is no public key to publish; an empty
  // set tells auth-js's getClaims() to verify through GET /user instead.
  app.get(`${P}/.well-known/jwks.json`, async () => ({ keys: [] }));

  app.get(`${P}/settings`, async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: ctx.config.AUTH_AUTOCONFIRM,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
    refresh_token_reuse_interval_seconds: REFRESH_GRACE_MS / 1000,
  }));

  app.post(`${P}/signup`, async (request) => signUp(deps, parse(SignupBody, request.body), info(request)));

  app.post(`${P}/token`, async (request) => {
    const grant = (request.query as { grant_type?: string }).grant_type;
    if (grant === "password") return signInWithPassword(deps, parse(PasswordGrantBody, request.body), info(request));
    if (grant === "refresh_token") {
      await deps.limiter.enforce(AUTH_RATE_RULES.refreshPerIp, request.ip);
      return deps.sessions.refresh(parse(RefreshGrantBody, request.body).refresh_token);
    }
    if (grant === "pkce") {
      await deps.limiter.enforce(AUTH_RATE_RULES.verifyPerIp, request.ip);
      const body = parse(PkceGrantBody, request.body);
      const flow = await exchangeAuthCode(ctx, body.auth_code, body.code_verifier);
      const [user] = await ctx.db.select().from(users).where(eq(users.id, flow.userId));
      if (!user) throw new GoTrueError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
      const method = flow.method === "recovery" ? "recovery" : "otp";
      return deps.sessions.issue(user, { ip: request.ip, userAgent: request.headers["user-agent"] ?? null }, method);
    }
    throw new GoTrueError(400, "unsupported_grant_type", "unsupported_grant_type");
  });

  app.get(`${P}/user`, async (request) => presentUser((await authenticate(ctx, request)).user));

  app.put(`${P}/user`, async (request) => {
    const { user, sessionId } = await authenticate(ctx, request);
    const body = parse(UpdateUserBody, request.body);
    return presentUser(await updateUser(deps, user, sessionId, body, info(request)));
  });

  app.post(`${P}/logout`, async (request, reply) => {
    const scope = parse(LogoutScope, (request.query as { scope?: string }).scope ?? "global");
    const { user, sessionId } = await authenticate(ctx, request);
    await deps.sessions.logout(user.id, sessionId, scope);
    return reply.status(204).send();
  });

  app.post(`${P}/recover`, async (request) => {
    await recover(deps, parse(RecoverBody, request.body), info(request));
    return {};
  });

  // signInWithOtp({email}): a mail with a sign-in link and a 6-digit code (phone is not offered).
  app.post(`${P}/otp`, async (request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (body.phone) throw new GoTrueError(422, "validation_failed", "Phone sign-in is not supported");
    await otp(deps, parse(OtpBody, request.body), info(request));
    return {};
  });

  app.get(`${P}/reauthenticate`, async (request) => {
    const { user } = await authenticate(ctx, request);
    await reauthenticate(deps, user, info(request));
    return {};
  });

  app.post(`${P}/resend`, async (request) => {
    await resend(deps, parse(ResendBody, request.body), info(request));
    return {};
  });

  app.post(`${P}/verify`, async (request) => {
    const body = parse(VerifyBody, request.body);
    // verifyOtp({email, token, type}) sends the 6-digit code; verifyOtp({token_hash, type}) the link's token.
    const input = body.token_hash
      ? { tokenHash: body.token_hash }
      : body.token && body.email
        ? { email: body.email, code: body.token }
        : body.token
          ? { tokenHash: body.token }
          : null;
    if (!input) throw gotrue.validation("Verify requires a token or a token_hash");
    return (await verify(deps, input, body.type, info(request))).session;
  });

  // The emailed link: on success a redirect with the session in the URL fragment, exactly
  // as auth-js's detectSessionInUrl reads it, or for a PKCE flow with ?code= for
  // exchangeCodeForSession; on failure the error in the fragment (and, PKCE, the query).
  app.get(`${P}/verify`, async (request, reply) => {
    const req = info(request);
    let fallback = safeRedirect(ctx.config, req.redirectTo);
    const rawToken = (request.query as { token?: unknown }).token;
    const pkceFlow = typeof rawToken === "string" && rawToken.startsWith(PKCE_PREFIX);
    try {
      const q = parse(VerifyQuery, request.query);
      const done = await verify(deps, { tokenHash: q.token }, q.type, req, true);
      fallback = done.redirectTo;
      if (done.authCode) {
        const url = new URL(done.redirectTo);
        url.searchParams.set("code", done.authCode);
        return reply.redirect(url.toString(), 303);
      }
      const s = done.session!;
      const fragment = new URLSearchParams({
        access_token: s.access_token,
        expires_at: String(s.expires_at),
        expires_in: String(s.expires_in),
        refresh_token: s.refresh_token,
        token_type: s.token_type,
        type: done.type,
      });
      return reply.redirect(`${done.redirectTo}#${fragment.toString()}`, 303);
    } catch (err) {
      if (!(err instanceof GoTrueError)) throw err;
      const fragment = new URLSearchParams({
        error: err.status === 429 ? "too_many_requests" : "access_denied",
        error_code: err.errorCode,
        error_description: err.message,
      });
      const url = new URL(fallback);
      if (pkceFlow) for (const [k, v] of fragment) url.searchParams.set(k, v);
      url.hash = "";
      return reply.redirect(`${url.toString()}#${fragment.toString()}`, 303);
    }
  });
}
