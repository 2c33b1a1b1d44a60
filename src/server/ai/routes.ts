// /api/ai/* (request and response shapes in shared/contracts/ai.ts). Thin handlers: validate → authorize (session, plan, quota)
// → run the provider → present. Logic lives in endpoints.ts, calls.ts, quota.ts, gating.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  AI_MAX_CONCURRENT_PER_USER,
  type AiHealthResponse,
  AnalyzeRequest,
  CreateSuggestionRequest,
  UpdateSuggestionRequest,
} from "../../shared/contracts/ai.js";
import { PLANS } from "../../shared/plans.js";
import { getUserPlan } from "../billing/plan-lookup.js";
import type { AppContext } from "../context.js";
import { AppError } from "../http/errors.js";
import { requireUser } from "../http/auth-hook.js";
import { parse } from "../http/validate.js";
import { analyzeText } from "./analyze.js";
import { type AiDeps, beginAiCall } from "./calls.js";
import { aiConnectionRoutes } from "./connections/index.js";
import { InFlightLimiter } from "./concurrency.js";
import { ENDPOINTS, type Endpoint, capText } from "./endpoints.js";
import { currentBalance } from "./quota.js";
import { abortOnClose, endQuietly, openSse } from "./sse.js";
import { createSuggestion, recordDecision } from "./suggestions.js";

export async function aiRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps: AiDeps = { provider: ctx.ai, limiter: new InFlightLimiter(AI_MAX_CONCURRENT_PER_USER) };
  await aiConnectionRoutes(app, ctx, deps.provider);

  async function runJson(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(request);
    const body = parse(endpoint.schema, request.body ?? {});
    const { feature, task } = endpoint.plan(body);
    capText(task.text, task.kind === "continue" ? task.context : undefined);
    const call = await beginAiCall(ctx, deps, user.id, feature, task);
    const signal = abortOnClose(reply);
    try {
      const { result, meta } = await call.run({ signal });
      return endpoint.present(result, meta, body);
    } catch (err) {
      // The browser left: nobody to answer.
      if (signal.aborted) return endQuietly(reply);
      throw err;
    }
  }

  async function runStream(endpoint: Endpoint, request: FastifyRequest, reply: FastifyReply) {
    const user = requireUser(request);
    const body = parse(endpoint.schema, request.body ?? {});
    const { feature, task } = endpoint.plan(body);
    capText(task.text, task.kind === "continue" ? task.context : undefined);
    // Gate and reserve before the stream opens, so refusals are ordinary JSON errors.
    const call = await beginAiCall(ctx, deps, user.id, feature, task);
    const signal = abortOnClose(reply);
    const sse = openSse(reply);
    try {
      const { result, meta } = await call.run({ signal, onDelta: (text) => sse.send({ type: "delta", text }) });
      sse.send({ type: "done", text: result.text, ...meta });
    } catch (err) {
      // The browser left: nobody to tell.
      if (signal.aborted) return sse.drop();
      // Nothing sent yet: answered like a JSON call, with its status and headers (sse.ts).
      if (!sse.opened) throw err;
      const e = err instanceof AppError ? err : null;
      if (!e) request.log.error({ err }, "AI stream failed");
      sse.send({ type: "error", error: e?.code ?? "internal_error", message: e?.message ?? "The AI request failed. Please try again." });
    } finally {
      sse.end();
    }
  }

  for (const [name, endpoint] of Object.entries(ENDPOINTS)) {
    app.post(`/api/ai/${name}`, (request, reply) => runJson(endpoint, request, reply));
    if (endpoint.streams) app.post(`/api/ai/${name}/stream`, (request, reply) => runStream(endpoint, request, reply));
  }

  app.post("/api/ai/analyze", async (request) => {
    requireUser(request);
    const body = parse(AnalyzeRequest, request.body ?? {});
    capText(body.text);
    return analyzeText(body.text);
  });

  app.post("/api/ai/suggestions", async (request, reply) => {
    const user = requireUser(request);
    const body = parse(CreateSuggestionRequest, request.body ?? {});
    if ("originalText" in body) {
      capText(body.originalText);
      capText(body.suggestedText);
      return reply.status(201).send(await createSuggestion(ctx.database.sql, user.id, body));
    }
    // The second form: rewriting suggestions for a text, each as { suggestion }.
    capText(body.text);
    const call = await beginAiCall(ctx, deps, user.id, "suggestions", { kind: "alternatives", text: body.text, count: body.count });
    const { result, meta } = await call.run({ signal: abortOnClose(reply) });
    return { suggestions: (result.alternatives ?? []).map((suggestion) => ({ suggestion, type: "rewriting" })), ...meta };
  });

  app.put<{ Params: { id: string } }>("/api/ai/suggestions/:id", async (request) => {
    const user = requireUser(request);
    const body = parse(UpdateSuggestionRequest, request.body ?? {});
    return recordDecision(ctx.database.sql, user.id, request.params.id, body);
  });

  /** The month's token balance, for the interface. */
  app.get("/api/ai/usage", async (request) => {
    const user = requireUser(request);
    const plan = await getUserPlan(ctx.db, user.id, ctx.now());
    const balance = await currentBalance(ctx.database.sql, user.id, PLANS[plan.plan].monthlyAiTokens, ctx.now());
    return { plan: plan.plan, used: balance.used, limit: balance.limit, remaining: balance.remaining };
  });

  // Public: says which engine answers and whether its model server answers (asked at most
  // every few seconds, providers/probe.ts), never any key or address.
  app.get("/api/ai/health", async (): Promise<AiHealthResponse> => {
    const p = deps.provider;
    const check = p.health ? await p.health() : { status: "ok" as const };
    return {
      ...check,
      openai: p.engine === "openai-compatible" && p.name === "openai",
      deepseek: p.engine === "openai-compatible" && p.name === "deepseek",
      engine: p.engine,
      provider: p.name,
      model: p.model,
    };
  });
}
