// What AI a user has right now (GET /api/ai/capabilities): whose model, if any, serves them
// whether ghost-text completion is on offer, and who checks grammar as the writer types. The client shows or hides generative
// actions and the inline completion from this; the server enforces the same rules per call.
import type { AiCapabilities } from "../../../shared/contracts/ai.js";
import { planIncludes } from "../../../shared/plans.js";
import { getUserPlan } from "../../billing/plan-lookup.js";
import type { AppContext } from "../../context.js";
import type { AiProvider } from "../providers/types.js";
import { findConnection } from "./store.js";
import { USER_PROVIDER_NAME } from "./user-provider.js";

export async function capabilitiesOf(ctx: AppContext, server: AiProvider, userId: string): Promise<AiCapabilities> {
  const grammarService = ctx.config.LANGUAGETOOL_URL ? "languagetool" : "built-in";
  const own = await findConnection(ctx.db, userId);
  if (own) return { model: true, source: "user", provider: USER_PROVIDER_NAME, modelName: own.model, inlineCompletion: true, grammarService };
  if (server.engine === "offline") {
    return { model: false, source: "offline", provider: server.name, modelName: server.model, inlineCompletion: false, grammarService };
  }
  const plan = await getUserPlan(ctx.db, userId, ctx.now());
  return {
    model: true,
    source: "server",
    provider: server.name,
    modelName: server.model,
    inlineCompletion: planIncludes(plan.isActive ? plan.plan : "gratis", "inline"),
    grammarService,
  };
}
