// Authenticates an /auth/v1 request by its bearer access token: a valid HS256 JWT (the
// signer allows no other algorithm), unexpired by the app clock, whose session is not
// revoked and whose user still exists.
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { AccessClaims } from "./jwt.js";
import type { AppContext } from "../context.js";
import { sessions, users } from "../db/schema.js";
import { bearerToken } from "../http/auth-hook.js";
import { gotrue } from "./gotrue-error.js";
import type { UserRow } from "./present.js";

export async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<{ user: UserRow; claims: AccessClaims }> {
  const token = bearerToken(request);
  if (!token) throw gotrue.noAuthorization();
  let claims: AccessClaims;
  try {
    claims = await ctx.jwt.verify(token, ctx.now());
  } catch (err) {
    const code = (err as { code?: string }).code;
    throw gotrue.badJwt(code === "ERR_JWT_EXPIRED" ? "token is expired" : "signature is invalid");
  }
  const [session] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, claims.session_id), eq(sessions.userId, claims.sub), isNull(sessions.revokedAt)));
  if (!session) throw gotrue.sessionNotFound();
  const [user] = await ctx.db.select().from(users).where(eq(users.id, claims.sub));
  if (!user) throw gotrue.userNotFound();
  return { user, claims };
}
