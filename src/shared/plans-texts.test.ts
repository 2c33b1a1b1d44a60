// The pricing cards state what the server does (version history retention per plan), and
// they are consistent: what a cheaper plan lists, a dearer one lists too (or more of it).
import { describe, expect, it } from "vitest";
import { VERSION_RETENTION_DAYS } from "./contracts/versions.js";
import { FEATURE_UPGRADES, PLAN_IDS, PLAN_ORDER, PLANS } from "./plans.js";

/** The line itself and every line that replaces it on dearer plans. */
function sameOrMore(line: string): string[] {
  const lines = [line];
  for (let next = FEATURE_UPGRADES[line]; next; next = FEATURE_UPGRADES[next]) lines.push(next);
  return lines;
}

describe("plan texts", () => {
  it("state each plan's version history retention as the upkeep applies it", () => {
    for (const plan of Object.values(PLANS)) {
      const days = VERSION_RETENTION_DAYS[plan.id];
      expect(plan.features).toContain(days === null ? "Unlimited version history" : `${days}-day version history`);
    }
  });

  it("rank the plans by price, so the next test's cheaper and dearer are what a buyer pays", () => {
    const byPrice = [...PLAN_IDS].sort((a, b) => PLANS[a].price - PLANS[b].price);
    expect(byPrice.map((p) => PLAN_ORDER[p])).toEqual([0, 1, 2]);
  });

  it("list on every dearer plan what a cheaper plan lists, or more of it", () => {
    for (const cheap of PLAN_IDS) {
      for (const dear of PLAN_IDS.filter((p) => PLAN_ORDER[p] > PLAN_ORDER[cheap])) {
        for (const line of PLANS[cheap].features) {
          expect(sameOrMore(line).some((l) => PLANS[dear].features.includes(l)), `${cheap} "${line}" on ${dear}`).toBe(true);
        }
      }
    }
  });

  it("state the document limit each plan has", () => {
    for (const plan of Object.values(PLANS)) {
      expect(plan.features).toContain(plan.documentLimit === null ? "Unlimited documents" : `${plan.documentLimit} documents`);
    }
  });

  it("promise no workspaces, which the product does not have", () => {
    for (const plan of Object.values(PLANS)) expect(plan.features.join(" ")).not.toMatch(/workspace/i);
  });
});
