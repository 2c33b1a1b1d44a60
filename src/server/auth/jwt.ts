// Access tokens: HS256 JWTs in GoTrue's claim layout, so @supabase/auth-js reads them.
// Only HS256 is accepted on verify (no "none", no algorithm confusion).
import { jwtVerify, SignJWT } from "jose";

const ACCESS_TOKEN_TTL_SECONDS = 3600;

interface AccessClaims {
  sub: string;
  email: string;
  role: string;
  session_id: string;
  aud: string;
  exp: number;
  iat: number;
  iss: string;
  user_metadata?: Record<string, unknown>;
  app_metadata?: Record<string, unknown>;
}

export interface JwtSigner {
  issuer: string;
  sign(input: {
    userId: string;
    email: string;
    sessionId: string;
    role?: string;
    userMetadata?: Record<string, unknown>;
    appMetadata?: Record<string, unknown>;
    /** The sign-in method for the amr claim (GoTrue: password, otp, recovery, …). */
    method?: string;
    ttlSeconds?: number;
    now?: Date;
  }): Promise<{ token: string; expiresAt: number; expiresIn: number }>;
  verify(token: string, now?: Date): Promise<AccessClaims>;
}

/**
 * `secret` may still be loading (the app is built while the database opens): tokens are
 * signed and checked once it is there; the app awaits it before it listens.
 */
export function createJwtSigner(secret: string | Promise<string>, issuer: string): JwtSigner {
  let key: Uint8Array | undefined;
  const keyFrom = (value: string) => (key = new TextEncoder().encode(value));
  const loading = typeof secret === "string" ? keyFrom(secret) : secret.then(keyFrom);
  if (loading instanceof Promise) loading.catch(() => {});
  return {
    issuer,
    async sign({
      userId,
      email,
      sessionId,
      role = "authenticated",
      userMetadata = {},
      appMetadata = { provider: "email", providers: ["email"] },
      method = "password",
      ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
      now = new Date(),
    }) {
      const iat = Math.floor(now.getTime() / 1000);
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({
        email,
        role,
        session_id: sessionId,
        phone: "",
        is_anonymous: false,
        aal: "aal1",
        amr: [{ method, timestamp: iat }],
        app_metadata: appMetadata,
        user_metadata: userMetadata,
      })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(userId)
        .setAudience("authenticated")
        .setIssuer(issuer)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key ?? (await loading));
      return { token, expiresAt: exp, expiresIn: ttlSeconds };
    },
    async verify(token, now = new Date()) {
      const { payload } = await jwtVerify(token, key ?? (await loading), {
        algorithms: ["HS256"],
        issuer,
        audience: "authenticated",
        currentDate: now,
      });
      if (typeof payload.sub !== "string" || typeof payload.session_id !== "string") {
        throw new Error("token is missing sub or session_id");
      }
      return payload as unknown as AccessClaims;
    },
  };
}
