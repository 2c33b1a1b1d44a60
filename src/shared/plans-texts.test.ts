// The pricing cards state what the server does: version history retention per plan.
import { describe, expect, it } from "vitest";
import { VERSION_RETENTION_DAYS } from "./contracts/versions.js";
import { PLANS } from "./plans.js";

describe("plan texts", () => {
  it("state each plan's version history retention as the upkeep applies it", () => {
    for (const plan of Object.values(PLANS)) {
      const days = VERSION_RETENTION_DAYS[plan.id];
      expect(plan.features).toContain(days === null ? "Unlimited version history" : `${days}-day version history`);
    }
  });
});
