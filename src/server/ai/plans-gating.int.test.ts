// The server answers every AI action on every plan as the plan table says (shared/plans.ts
// AI_RULES, aiAccess): 402 upgrade_required naming the table's plan where the plan lacks the
// action, else the answer (or, for writing new text on the built-in engine, 409 model_required).
// Grammar is the basic AI every plan has; where a model is configured, a plan without tokens
// gets it from the built-in engine, for free.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AiAction, aiAccess, PLAN_IDS, PLANS, type PlanId } from "../../shared/plans.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { createOpenAiTestApp, type OpenAiTestApp } from "./ai.test-util.js";

const text = "Cats sleep a lot. Dogs like walks. Birds sing in the morning.";

/** One request per action: the path and body that ask for it. */
const CALLS: [AiAction, string, object][] = [
  ["grammar", "/api/ai/grammar", { text }],
  ["analyze", "/api/ai/analyze", { text }],
  ["improve", "/api/ai/improve", { text }],
  ["rewrite", "/api/ai/rewrite", { text, style: "concise" }],
  ["expand", "/api/ai/rewrite", { text, style: "expand" }],
  ["tone", "/api/ai/tone", { text, tone: "friendly" }],
  ["alternatives", "/api/ai/alternatives", { text }],
  ["rephrase", "/api/ai/rephrase", { text, count: 3 }],
  ["suggestions", "/api/ai/suggestions", { text, type: "rewriting" }],
  ["outline", "/api/ai/outline", { text }],
  ["outline", "/api/ai/complete", { text, task: "outline" }],
  ["summarize", "/api/ai/summarize", { text }],
  ["summarize", "/api/ai/complete", { text, task: "summary" }],
  ["complete", "/api/ai/complete", { text }],
  ["ask", "/api/ai/ask", { text, instruction: "Make it rhyme." }],
];

describe("AI actions per plan, as the plan table says (built-in engine)", () => {
  let t: TestApp;
  const users = {} as Record<PlanId, TestUser>;
  beforeAll(async () => {
    t = await createTestApp();
    for (const plan of PLAN_IDS) users[plan] = await createTestUser(t, plan === "gratis" ? {} : { plan });
  });
  afterAll(async () => t.close());

  // The first grammar call starts the checker's process: slow on a busy machine.
  it.each(PLAN_IDS)("answers each action on %s as aiAccess decides, and a refusal names the table's plan", { timeout: 120_000 }, async (plan) => {
    for (const [action, url, body] of CALLS) {
      const res = await request(t, "POST", url, { user: users[plan], payload: body });
      // No model on this server: actions that write new text answer 409 once the plan includes them.
      const access = aiAccess({ plan, model: false }, action);
      const where = `${plan} ${url} ${JSON.stringify(body).slice(0, 60)}`;
      if (access.kind === "plan") {
        expect(res.statusCode, where).toBe(402);
        expect(res.json(), where).toMatchObject({
          error: "upgrade_required",
          feature: action,
          message: access.message,
          requiredPlan: access.plan,
          requiredPlanName: PLANS[access.plan].name,
        });
        expect(access.message, where).toContain(`the ${PLANS[access.plan].name} plan`);
      } else if (access.kind === "model") {
        expect(res.statusCode, where).toBe(409);
        expect(res.json().error, where).toBe("model_required");
      } else expect(res.statusCode, where).toBe(200);
    }
  });
});

describe("basic AI where a model is configured", () => {
  let t: OpenAiTestApp;
  let gratis: TestUser;
  beforeAll(async () => {
    t = await createOpenAiTestApp();
    gratis = await createTestUser(t);
  });
  afterAll(async () => t.close());

  it("checks a Gratis user's grammar with the built-in engine, spending no tokens, and keeps Improve for Creator", async () => {
    const res = await request(t, "POST", "/api/ai/grammar", { user: gratis, payload: { text: "This is an test of the the grammer checker." } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ correctedText: "This is a test of the grammar checker.", engine: "offline", usage: { tokens: 0 } });
    expect(t.stub.requests.length).toBe(0);
    const improve = await request(t, "POST", "/api/ai/improve", { user: gratis, payload: { text: "Hi." } });
    expect(improve.statusCode).toBe(402);
    expect(improve.json().message).toBe("Improve needs the Creator plan.");
  });
});
