// The one rule about AI and plans (AI_RULES, aiAccess in plans.ts): what each plan includes.
// That the server's gate reads it: server/ai/gating.test.ts; the client's buttons and that no
// surface keeps its own copy: client/features/ai/access.test.ts.
import { describe, expect, it } from "vitest";
import { AI_ACTIONS, AI_RULES, aiAccess, aiPricingLines, aiStatus, PLAN_IDS, PLAN_ORDER, PLANS, type AiAction } from "./plans.js";

describe("what AI each plan includes", () => {
  it("gives every plan grammar, spelling and readability (the basic AI), and Gratis nothing more", () => {
    for (const plan of PLAN_IDS) {
      expect(aiAccess({ plan, model: false }, "grammar")).toEqual({ kind: "allowed" });
      expect(aiAccess({ plan, model: false }, "analyze")).toEqual({ kind: "allowed" });
    }
    for (const action of AI_ACTIONS.filter((a) => a !== "grammar" && a !== "analyze")) {
      expect(aiAccess({ plan: "gratis", model: true }, action).kind, action).toBe("plan");
    }
  });

  it("names the plan each locked action needs, the same plan in the message", () => {
    expect(aiAccess({ plan: "gratis", model: true }, "improve")).toEqual({ kind: "plan", plan: "creator", message: "Improve needs the Creator plan." });
    expect(aiAccess({ plan: "creator", model: true }, "summarize")).toEqual({
      kind: "plan",
      plan: "professional",
      message: "Summarize needs the Professional plan.",
    });
    expect(aiAccess({ plan: "professional", model: true }, "summarize")).toEqual({ kind: "allowed" });
  });

  it("asks for a language model only for actions that write new text, once the plan includes them", () => {
    for (const action of AI_ACTIONS) {
      const access = aiAccess({ plan: "professional", model: false }, action);
      expect(access.kind, action).toBe(AI_RULES[action].needsModel ? "model" : "allowed");
    }
    expect(AI_ACTIONS.filter((a) => AI_RULES[a].needsModel)).toEqual(["complete", "expand", "ask", "inline"]);
    // The plan is said first: a model would not help a Gratis user continue writing.
    expect(aiAccess({ plan: "gratis", model: false }, "complete").kind).toBe("plan");
  });

  it("lets a user's own model connection run everything on any plan", () => {
    for (const plan of PLAN_IDS) for (const action of AI_ACTIONS) expect(aiAccess({ plan, model: true, ownModel: true }, action).kind).toBe("allowed");
  });

  it("never takes away on a dearer plan what a cheaper one includes", () => {
    for (const action of AI_ACTIONS) {
      for (const cheap of PLAN_IDS) {
        for (const dear of PLAN_IDS.filter((p) => PLAN_ORDER[p] > PLAN_ORDER[cheap])) {
          if (aiAccess({ plan: cheap, model: true }, action).kind === "allowed") expect(aiAccess({ plan: dear, model: true }, action).kind).toBe("allowed");
        }
      }
    }
  });

  it("says in the editor's status line what Gratis has, and that paid plans write with AI", () => {
    expect(aiStatus({ plan: "gratis", model: false })).toEqual({ label: "Basic AI: grammar, spelling and readability checks", full: false });
    expect(aiStatus({ plan: "creator", model: false }).label).toBe("AI Writing Enabled");
    expect(aiStatus({ plan: "gratis", model: true, ownModel: true }).label).toBe("AI Writing Enabled");
  });
});

describe("the pricing cards", () => {
  it("list the AI each plan includes, from the table", () => {
    for (const plan of PLAN_IDS) for (const line of aiPricingLines(plan)) expect(PLANS[plan].features).toContain(line);
    expect(aiPricingLines("gratis")).toEqual(["Basic AI: grammar, spelling and readability checks"]);
    const onlyPro = (a: AiAction) => AI_RULES[a].pricing;
    expect(PLANS.creator.features).not.toContain(onlyPro("summarize"));
    expect(PLANS.professional.features).toContain(onlyPro("summarize"));
  });
});
