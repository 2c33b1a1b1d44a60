// One AI call from start to finish: plan gate → concurrency slot → token reservation →
// provider → settle (or release on failure). Routes call begin() before answering so that
// 402/429 arrive as ordinary JSON errors even for the streaming endpoints.
// Only upstream model calls are metered: the built-in offline engine runs in-process and
// costs nothing, so its calls neither reserve nor book tokens (the plan gate still applies).
// A user who connected their own model (connections/) is served by it on any plan, and its
// calls are neither gated nor metered: the user pays their model server, not the allowance.
// Which plan includes which action is the table in shared/plans.ts (AI_RULES), applied by gating.ts.
import type { AiMeta } from "../../shared/contracts/ai.js";
import { PLANS } from "../../shared/plans.js";
import { getUserPlan } from "../billing/plan-lookup.js";
import type { AppContext } from "../context.js";
import { userProvider } from "./connections/index.js";
import { type AiFeature, assertFeatureAllowed } from "./gating.js";
import type { InFlightLimiter } from "./concurrency.js";
import { createOfflineProvider } from "./providers/builtin.js";
import type { AiProvider, AiResult, AiTask } from "./providers/types.js";
import { currentBalance, type Reservation, releaseTokens, reserveTokens, settleTokens } from "./quota.js";
import { estimateTokens } from "./tokens.js";

let offline: AiProvider | null = null;
const offlineEngine = () => (offline ??= createOfflineProvider());

export interface AiDeps {
  provider: AiProvider;
  limiter: InFlightLimiter;
}

export interface PreparedCall {
  run(opts: { signal: AbortSignal; onDelta?: (text: string) => void }): Promise<{ result: AiResult; meta: AiMeta }>;
  /** Gives back the slot and reservation of a call that will not run. */
  abandon(): Promise<void>;
}

/** Whether a provider's calls count against the plan's monthly token allowance. */
const isMetered = (provider: Pick<AiProvider, "engine">) => provider.engine !== "offline";

export async function beginAiCall(ctx: AppContext, deps: AiDeps, userId: string, feature: AiFeature, task: AiTask): Promise<PreparedCall> {
  const plan = await getUserPlan(ctx.db, userId, ctx.now());
  const own = await userProvider(ctx, userId);
  if (!own) assertFeatureAllowed(feature, plan);
  const releaseSlot = deps.limiter.acquire(userId);
  const limit = PLANS[plan.plan].monthlyAiTokens;
  // A plan without tokens passes the gate only for the basic AI every plan includes (grammar),
  // which the built-in engine answers for free even where a model is configured.
  const provider = own ?? (limit === 0 && isMetered(deps.provider) ? offlineEngine() : deps.provider);
  let reservation: Reservation | null = null;
  try {
    if (!own && isMetered(provider)) reservation = await reserveTokens(ctx.database.sql, userId, limit, provider.tokenCap(task), ctx.now());
  } catch (err) {
    releaseSlot();
    throw err;
  }
  const release = async () => {
    if (reservation) await releaseTokens(ctx.database.sql, reservation);
  };
  return {
    async abandon() {
      releaseSlot();
      await release();
    },
    async run(opts) {
      let streamed = "";
      try {
        const result = await provider.run(task, {
          signal: opts.signal,
          onDelta: (t) => {
            streamed += t;
            opts.onDelta?.(t);
          },
        });
        const usage = reservation
          ? await settleTokens(ctx.database.sql, reservation, result.tokens)
          : await currentBalance(ctx.database.sql, userId, limit, ctx.now());
        return { result, meta: { engine: provider.engine, provider: provider.name, model: provider.model, usage } };
      } catch (err) {
        // The browser leaving mid-stream is the user's choice: the output already produced was
        // paid for upstream, so it is booked. An answer that failed on the provider's side
        // (cut short, empty, too slow; providers/answer-errors.ts) costs the user nothing.
        if (reservation && streamed && opts.signal.aborted) {
          await settleTokens(ctx.database.sql, reservation, estimateTokens(task.text) + estimateTokens(streamed));
        } else await release();
        throw err;
      } finally {
        releaseSlot();
      }
    },
  };
}
