// Share tokens: what a visitor gets for the right password. An HMAC-SHA256 token (not the
// owner's access JWT) scoped to one document and its share_generation, valid for an hour.
// Bumping share_generation (document made private, password changed) kills every token
// issued before at once. The key is derived from the server's signing secret with its own
// label, so a share token can never pass as an access token or the other way round.
import crypto from "node:crypto";
import { SHARE_TOKEN_TTL_SECONDS } from "../../shared/contracts/sharing.js";
import { loadSigningSecret } from "../auth/index.js";
import type { AppContext } from "../context.js";

export interface ShareTokenClaims {
  /** Document id. */
  d: string;
  /** share_generation at issue time. */
  g: number;
  /** Expiry, seconds since the epoch. */
  x: number;
}

const keys = new WeakMap<AppContext, Promise<Buffer>>();

function shareKey(ctx: AppContext): Promise<Buffer> {
  let key = keys.get(ctx);
  if (!key) {
    key = loadSigningSecret(ctx.db, ctx.config.JWT_SECRET).then((secret) =>
      crypto.createHmac("sha256", secret).update("draftsmith share token v1").digest(),
    );
    keys.set(ctx, key);
  }
  return key;
}

function mac(key: Buffer, body: string): string {
  return crypto.createHmac("sha256", key).update(body).digest("base64url");
}

export async function issueShareToken(
  ctx: AppContext,
  documentId: string,
  generation: number,
): Promise<{ token: string; expiresAt: Date }> {
  const exp = Math.floor(ctx.now().getTime() / 1000) + SHARE_TOKEN_TTL_SECONDS;
  const claims: ShareTokenClaims = { d: documentId, g: generation, x: exp };
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return { token: `${body}.${mac(await shareKey(ctx), body)}`, expiresAt: new Date(exp * 1000) };
}

/** The claims of a well-signed, unexpired token for this document, else null. */
export async function verifyShareToken(ctx: AppContext, token: string, documentId: string): Promise<ShareTokenClaims | null> {
  const [body, sig, extra] = token.split(".");
  if (!body || !sig || extra !== undefined) return null;
  const expected = Buffer.from(mac(await shareKey(ctx), body));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  let claims: ShareTokenClaims;
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as ShareTokenClaims;
  } catch {
    return null;
  }
  if (claims.d !== documentId || typeof claims.g !== "number" || typeof claims.x !== "number") return null;
  if (claims.x * 1000 <= ctx.now().getTime()) return null;
  return claims;
}
