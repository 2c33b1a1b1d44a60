// /api/ai/connection (a user's own model connection) and /api/ai/capabilities. Registered by
// ai/routes.ts. Thin handlers: validate → the signed-in user's own row → act → present.
import type { FastifyInstance } from "fastify";
import { AiConnectionInput, type AiConnectionResponse } from "../../../shared/contracts/ai-connections.js";
import type { AiCapabilities } from "../../../shared/contracts/ai.js";
import type { AppContext } from "../../context.js";
import { parse, rateLimited, RateLimiter, type RateRule, requireUser } from "../../http/index.js";
import type { AiProvider } from "../providers/types.js";
import { capabilitiesOf } from "./capabilities.js";
import { probeConnection } from "./probe.js";
import { type SecretBox, secretBoxOf } from "./secret-box.js";
import { deleteConnection, findConnection, presentConnection, saveConnection } from "./store.js";
import { allowPrivateTargets } from "./user-provider.js";
import { assertAllowedTarget } from "./url-guard.js";

/**
 * A PUT without `apiKey` keeps the stored key (changing the model should not mean typing the
 * key again), but only for the same origin: the key is never sent to a server it was not
 * entered for.
 */
async function keptKey(ctx: AppContext, box: SecretBox, userId: string, baseUrl: string): Promise<string | undefined> {
  const stored = await findConnection(ctx.db, userId);
  if (!stored?.apiKey || new URL(stored.baseUrl).origin !== new URL(baseUrl).origin) return undefined;
  return box.open(stored.apiKey) ?? undefined;
}

/**
 * Each test makes the server call an address the user chose: a few a minute is plenty for
 * someone setting up their model, and keeps the server from being used to knock on doors.
 */
const TEST_RULE: RateRule = { name: "ai-connection-test", limit: 10, windowMs: 60_000 };

export async function aiConnectionRoutes(app: FastifyInstance, ctx: AppContext, server: AiProvider): Promise<void> {
  const limiter = new RateLimiter(ctx.rateLimits, ctx.now, (_rule, wait) =>
    rateLimited("Too many connection tests. Please wait a minute and try again.", wait),
  );

  app.get("/api/ai/capabilities", async (request): Promise<AiCapabilities> => {
    const user = requireUser(request);
    return capabilitiesOf(ctx, server, user.id);
  });

  app.get("/api/ai/connection", async (request): Promise<AiConnectionResponse> => {
    const user = requireUser(request);
    const row = await findConnection(ctx.db, user.id);
    return { connection: row ? presentConnection(row) : null };
  });

  // Saved only once the server has answered a real request with this address, model and key.
  app.put("/api/ai/connection", async (request): Promise<AiConnectionResponse> => {
    const user = requireUser(request);
    const input = parse(AiConnectionInput, request.body ?? {});
    const baseUrl = input.baseUrl.replace(/\/+$/, "");
    await limiter.enforce(TEST_RULE, user.id);
    await assertAllowedTarget(baseUrl, allowPrivateTargets(ctx));
    const box = await secretBoxOf(ctx);
    const apiKey = input.apiKey ?? (await keptKey(ctx, box, user.id, baseUrl));
    await probeConnection({ baseUrl, model: input.model, apiKey }, { publicOnly: !allowPrivateTargets(ctx) });
    const row = await saveConnection(ctx.db, box, user.id, { baseUrl, model: input.model, apiKey }, ctx.now());
    return { connection: presentConnection(row) };
  });

  app.delete("/api/ai/connection", async (request, reply) => {
    const user = requireUser(request);
    await deleteConnection(ctx.db, user.id);
    return reply.status(204).send();
  });
}
