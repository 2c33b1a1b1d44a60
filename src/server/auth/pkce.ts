// PKCE (RFC 7636) as GoTrue does it: a flow started with code_challenge gets a flow state;
// following the emailed link issues an auth code on it (the redirect carries ?code=), and
// POST /token?grant_type=pkce exchanges that code with the verifier, once, within 5 minutes.
// Only hashes of auth codes are stored.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppContext } from "../context.js";
import { authFlowStates } from "../db/index.js";
import { GoTrueError, gotrue } from "./gotrue-error.js";
import { sha256 } from "./random.js";

/** GoTrue's default FlowStateExpiryDuration. */
export const FLOW_STATE_TTL_MS = 300_000;

export type AuthenticationMethod = "email/signup" | "recovery" | "magiclink";

export interface PkceParams {
  code_challenge?: string | null;
  code_challenge_method?: string | null;
}

/** The checked challenge, or null for an implicit flow (neither parameter). */
export function pkceChallenge(p: PkceParams): { challenge: string; method: "s256" | "plain" } | null {
  const challenge = p.code_challenge ?? "";
  const method = (p.code_challenge_method ?? "").toLowerCase();
  if (challenge === "" && method === "") return null;
  if (challenge === "" || method === "") throw gotrue.validation("PKCE flow requires code_challenge_method and code_challenge");
  if (method !== "s256" && method !== "plain") throw gotrue.validation(`code challenge method not supported: ${p.code_challenge_method}`);
  if (challenge.length < 43 || challenge.length > 128) throw gotrue.validation("code challenge has to be between 43 and 128 characters");
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw gotrue.validation("code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes");
  }
  return { challenge, method };
}

export async function createFlowState(
  ctx: AppContext,
  userId: string,
  method: AuthenticationMethod,
  pkce: { challenge: string; method: "s256" | "plain" },
): Promise<string> {
  const [row] = await ctx.db
    .insert(authFlowStates)
    .values({ userId, codeChallenge: pkce.challenge, codeChallengeMethod: pkce.method, authenticationMethod: method, createdAt: ctx.now() })
    .returning({ id: authFlowStates.id });
  return row!.id;
}

/** Issues the auth code of a flow whose emailed link was followed; null when the flow is gone. */
export async function issueAuthCode(ctx: AppContext, flowStateId: string): Promise<string | null> {
  const code = crypto.randomUUID();
  const [row] = await ctx.db
    .update(authFlowStates)
    .set({ authCodeHash: sha256(code), authCodeIssuedAt: ctx.now() })
    .where(eq(authFlowStates.id, flowStateId))
    .returning({ id: authFlowStates.id });
  return row ? code : null;
}

function challengeOf(verifier: string, method: string): string {
  return method === "plain" ? verifier : crypto.createHash("sha256").update(verifier).digest("base64url");
}

/** grant_type=pkce: the user id of the flow, consumed. */
export async function exchangeAuthCode(ctx: AppContext, authCode: string, verifier: string): Promise<{ userId: string; method: string }> {
  if (!authCode || !verifier) {
    throw gotrue.validation("invalid request: both auth code and code verifier should be non-empty");
  }
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    const [flow] = await tx.select().from(authFlowStates).where(eq(authFlowStates.authCodeHash, sha256(authCode))).for("update");
    if (!flow) throw new GoTrueError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    const issuedAt = flow.authCodeIssuedAt ?? flow.createdAt;
    if (now.getTime() > issuedAt.getTime() + FLOW_STATE_TTL_MS) {
      throw new GoTrueError(422, "flow_state_expired", "invalid flow state, flow state has expired");
    }
    const expected = Buffer.from(flow.codeChallenge);
    const actual = Buffer.from(challengeOf(verifier, flow.codeChallengeMethod));
    if (expected.length !== actual.length || !crypto.timingSafeEqual(expected, actual)) {
      throw new GoTrueError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
    }
    await tx.delete(authFlowStates).where(eq(authFlowStates.id, flow.id));
    return { userId: flow.userId, method: flow.authenticationMethod };
  });
}
