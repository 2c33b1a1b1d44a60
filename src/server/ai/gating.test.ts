// The server's AI gate answers exactly as the plan table (shared/plans.ts aiAccess) says.
import { describe, expect, it } from "vitest";
import { AI_ACTIONS, aiAccess, PLAN_IDS, PLANS } from "../../shared/plans.js";
import { AppError } from "../http/errors.js";
import { type AiFeature, assertFeatureAllowed } from "./gating.js";

const GATED = AI_ACTIONS.filter((a): a is AiFeature => a !== "analyze" && a !== "inline");

describe("the server's AI gate reads the plan table", () => {
  it("the server's gate refuses exactly what the table refuses, naming the table's plan", () => {
    for (const plan of PLAN_IDS) {
      for (const action of GATED) {
        const access = aiAccess({ plan, model: true }, action);
        let thrown: unknown = null;
        try {
          assertFeatureAllowed(action, { plan, isActive: plan !== "gratis" });
        } catch (err) {
          thrown = err;
        }
        if (access.kind === "plan") {
          expect(thrown, `${plan} ${action}`).toBeInstanceOf(AppError);
          const e = thrown as AppError;
          expect([e.status, e.code, e.message]).toEqual([402, "upgrade_required", access.message]);
          expect(e.extra).toMatchObject({ feature: action, requiredPlan: access.plan, requiredPlanName: PLANS[access.plan].name });
        } else expect(thrown, `${plan} ${action}`).toBeNull();
      }
    }
  });

  it("a lapsed subscription is gated as Gratis", () => {
    expect(() => assertFeatureAllowed("improve", { plan: "creator", isActive: false })).toThrow("Improve needs the Creator plan.");
  });

});
