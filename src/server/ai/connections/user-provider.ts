// The provider that serves one user: their own connection when they saved one, else none
// (calls.ts then uses the server's). Built with the same OpenAI-compatible adapter as the
// server's provider, and kept per user until the connection changes, so a call costs one
// small query and no new SDK client.
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { type AiProvider, loadOpenAiProvider } from "../providers/index.js";
import { secretBoxOf } from "./secret-box.js";
import { type ConnectionRow, findConnection } from "./store.js";
import { publicOnlyDispatcher } from "./pinned-dispatcher.js";
import { assertAllowedTarget } from "./url-guard.js";

/** Shown as the provider of answers from a user's own connection. */
export const USER_PROVIDER_NAME = "own";

export const allowPrivateTargets = (ctx: AppContext) => !ctx.config.isProduction || ctx.config.AI_CONNECTIONS_ALLOW_PRIVATE;

const cache = new WeakMap<AppContext, Map<string, { stamp: string; provider: AiProvider }>>();

/** Most users kept at once; the oldest entry goes first (it is rebuilt on its next call). */
const CACHE_MAX = 1000;

async function build(ctx: AppContext, row: ConnectionRow, apiKey: string | null): Promise<AiProvider> {
  const inner = await loadOpenAiProvider({
    name: USER_PROVIDER_NAME,
    baseURL: row.baseUrl,
    // None for local servers (Ollama, llama.cpp): no Authorization header is sent.
    apiKey: apiKey ?? undefined,
    model: row.model,
    timeoutMs: ctx.config.AI_TIMEOUT_MS,
    // A refused key or unknown model is the user's to fix, and says so.
    owner: "user",
    // The name is checked below before each call, and again by the agent as it connects.
    ...(allowPrivateTargets(ctx) ? {} : { dispatcher: await publicOnlyDispatcher() }),
  });
  return {
    ...inner,
    async run(task, opts) {
      // The host was checked at saving; its name may resolve elsewhere now.
      await assertAllowedTarget(row.baseUrl, allowPrivateTargets(ctx));
      return inner.run(task, opts);
    },
  };
}

/** The user's own provider, or null when they have no connection. */
export async function userProvider(ctx: AppContext, userId: string): Promise<AiProvider | null> {
  const row = await findConnection(ctx.db, userId);
  let perUser = cache.get(ctx);
  if (!perUser) {
    perUser = new Map();
    cache.set(ctx, perUser);
  }
  if (!row) {
    perUser.delete(userId);
    return null;
  }
  // The sealed key changes on every save (a fresh IV), so any save makes a new provider.
  const stamp = `${row.updatedAt.getTime()}|${row.baseUrl}|${row.model}|${row.apiKey}`;
  const hit = perUser.get(userId);
  if (hit && hit.stamp === stamp) return hit.provider;
  let apiKey: string | null = null;
  if (row.apiKey !== null) {
    apiKey = (await secretBoxOf(ctx)).open(row.apiKey);
    // The server's key changed since it was stored: the owner has to enter it again.
    if (apiKey === null) {
      throw new AppError(
        503,
        "service_unavailable",
        "Your model connection's key can no longer be read on this server. Enter it again in Settings.",
      );
    }
  }
  const provider = await build(ctx, row, apiKey);
  perUser.delete(userId);
  if (perUser.size >= CACHE_MAX) perUser.delete(perUser.keys().next().value!);
  perUser.set(userId, { stamp, provider });
  return provider;
}
