// Sessions and refresh tokens. A session is one signed-in device; its refresh tokens form a
// chain where each refresh rotates the current token into a successor.
//
// Reuse rules (GoTrue's, internal/tokens/service.go, with its default 10 s reuse interval):
// - The successor of a token is derived as HMAC(key, parent), so a rotated token whose
//   successor is the session's active token answers with that active pair, however long
//   ago it was rotated: the client lost the response and still holds the parent.
// - Any other rotated token is accepted within REFRESH_GRACE_MS of its rotation (tabs
//   refreshing at once): it gets a new token of the session.
// - Past that, a rotated token is treated as stolen: the whole session (the token family)
//   is revoked and the answer is refresh_token_already_used.
// - Concurrent refreshes of one token are serialised twice: an in-process single-flight
//   (same promise, literally one answer) and SELECT … FOR UPDATE on the token row for
//   several processes sharing one PostgreSQL database.
import { and, eq, isNull, ne } from "drizzle-orm";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/index.js";
import { publishRevocation } from "../realtime/index.js";
import { refreshTokens, sessions, users } from "../db/index.js";
import { gotrue } from "./gotrue-error.js";
import { appMetadata, type IssuedSession, presentUser, type UserRow, userMetadata } from "./present.js";
import { hmac, randomToken, sha256 } from "./random.js";

/** GoTrue's refresh_token_reuse_interval: how long any rotated token may still be used. */
export const REFRESH_GRACE_MS = 10_000;

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

export class SessionService {
  private inflight = new Map<string, Promise<IssuedSession>>();

  constructor(
    private ctx: AppContext,
    /** Key for deriving successor tokens; derived from the signing secret (maybe still loading at start). */
    private deriveKey: string | Promise<string>,
  ) {}

  async accessTokenFor(user: UserRow, sessionId: string, refreshToken: string, method?: string): Promise<IssuedSession> {
    const { token, expiresAt, expiresIn } = await this.ctx.jwt.sign({
      userId: user.id,
      email: user.email,
      sessionId,
      role: user.role,
      userMetadata: userMetadata(user),
      appMetadata: appMetadata(),
      method,
      now: this.ctx.now(),
    });
    return {
      access_token: token,
      token_type: "bearer",
      expires_in: expiresIn,
      expires_at: expiresAt,
      refresh_token: refreshToken,
      user: presentUser(user),
    };
  }

  /** Starts a new session for a user (sign-in, confirmed sign-up, email link). */
  async issue(user: UserRow, client: ClientInfo = {}, method = "password"): Promise<IssuedSession> {
    const now = this.ctx.now();
    const raw = randomToken();
    const sessionId = await this.ctx.db.transaction(async (tx) => {
      const [session] = await tx
        .insert(sessions)
        .values({ userId: user.id, ip: client.ip ?? null, userAgent: client.userAgent?.slice(0, 512) ?? null, createdAt: now })
        .returning({ id: sessions.id });
      await tx.insert(refreshTokens).values({ sessionId: session!.id, userId: user.id, tokenHash: sha256(raw), createdAt: now });
      await tx.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id));
      return session!.id;
    });
    return this.accessTokenFor({ ...user, lastSignInAt: now }, sessionId, raw, method);
  }

  /** grant_type=refresh_token */
  refresh(rawToken: string): Promise<IssuedSession> {
    const key = sha256(rawToken);
    const running = this.inflight.get(key);
    if (running) return running;
    const p = this.rotate(rawToken).finally(() => this.inflight.delete(key));
    this.inflight.set(key, p);
    return p;
  }

  private successor(raw: string, key: string): string {
    return hmac(key, `refresh:${raw}`);
  }

  private async rotate(raw: string): Promise<IssuedSession> {
    const now = this.ctx.now();
    const key = await this.deriveKey;
    const outcome = await this.ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(raw))).for("update");
      if (!row) return { kind: "not_found" as const };
      const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId));
      if (!session || session.revokedAt) return { kind: "not_found" as const };
      const next = this.successor(raw, key);
      if (!row.revoked) {
        await tx.insert(refreshTokens).values({
          sessionId: row.sessionId,
          userId: row.userId,
          tokenHash: sha256(next),
          parentId: row.id,
          createdAt: now,
        });
        await tx.update(refreshTokens).set({ revoked: true, rotatedAt: now }).where(eq(refreshTokens.id, row.id));
        await tx.update(sessions).set({ refreshedAt: now }).where(eq(sessions.id, row.sessionId));
        return { kind: "ok" as const, userId: row.userId, sessionId: row.sessionId, token: next };
      }
      // The parent of the active token: the active pair again (no time limit).
      const [active] = await tx
        .select({ id: refreshTokens.id })
        .from(refreshTokens)
        .where(and(eq(refreshTokens.tokenHash, sha256(next)), eq(refreshTokens.revoked, false)));
      if (active) return { kind: "ok" as const, userId: row.userId, sessionId: row.sessionId, token: next };
      // Any other rotated token within the reuse interval: a new token of the session.
      const withinInterval = row.rotatedAt && now.getTime() - row.rotatedAt.getTime() <= REFRESH_GRACE_MS;
      if (withinInterval) {
        const fresh = randomToken();
        await tx.insert(refreshTokens).values({
          sessionId: row.sessionId,
          userId: row.userId,
          tokenHash: sha256(fresh),
          parentId: row.id,
          createdAt: now,
        });
        await tx.update(sessions).set({ refreshedAt: now }).where(eq(sessions.id, row.sessionId));
        return { kind: "ok" as const, userId: row.userId, sessionId: row.sessionId, token: fresh };
      }
      await revokeSessionRows(tx, { sessionId: row.sessionId }, now);
      return { kind: "reused" as const, sessionId: row.sessionId };
    });
    if (outcome.kind === "not_found") throw gotrue.refreshNotFound();
    if (outcome.kind === "reused") {
      await this.ctx.sessionCache.evict({ sessionId: outcome.sessionId });
      await publishRevocation(this.ctx, { type: "session", sessionId: outcome.sessionId });
      throw gotrue.refreshAlreadyUsed();
    }
    const [user] = await this.ctx.db.select().from(users).where(eq(users.id, outcome.userId));
    if (!user) throw gotrue.refreshNotFound();
    return this.accessTokenFor(user, outcome.sessionId, outcome.token);
  }

  /** logout?scope=… — local: this session; others: every other one; global: all. */
  async logout(userId: string, sessionId: string, scope: "global" | "local" | "others"): Promise<void> {
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (tx) => {
      if (scope === "local") await revokeSessionRows(tx, { sessionId }, now);
      else if (scope === "others") await revokeSessionRows(tx, { userId, exceptSessionId: sessionId }, now);
      else await revokeSessionRows(tx, { userId }, now);
    });
    // After the commit, so a concurrent request cannot re-cache the session before it ends.
    // "others" evicts the user's every session: the current one is simply verified again.
    await this.ctx.sessionCache.evict(scope === "local" ? { sessionId } : { userId });
    // Open /realtime sockets of the ended sessions close now, on every instance.
    await publishRevocation(
      this.ctx,
      scope === "local"
        ? { type: "session", sessionId }
        : { type: "user", userId, ...(scope === "others" ? { exceptSessionId: sessionId } : {}) },
    );
  }
}

/** Marks sessions revoked; callers evict them from ctx.sessionCache once the transaction commits. */
async function revokeSessionRows(
  tx: DbOrTx,
  which: { sessionId: string } | { userId: string; exceptSessionId?: string },
  now: Date,
): Promise<void> {
  if ("sessionId" in which) {
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.id, which.sessionId), isNull(sessions.revokedAt)));
    await tx.update(refreshTokens).set({ revoked: true }).where(eq(refreshTokens.sessionId, which.sessionId));
    return;
  }
  const sessionFilter = which.exceptSessionId
    ? and(eq(sessions.userId, which.userId), ne(sessions.id, which.exceptSessionId), isNull(sessions.revokedAt))
    : and(eq(sessions.userId, which.userId), isNull(sessions.revokedAt));
  await tx.update(sessions).set({ revokedAt: now }).where(sessionFilter);
  const tokenFilter = which.exceptSessionId
    ? and(eq(refreshTokens.userId, which.userId), ne(refreshTokens.sessionId, which.exceptSessionId))
    : eq(refreshTokens.userId, which.userId);
  await tx.update(refreshTokens).set({ revoked: true }).where(tokenFilter);
}
