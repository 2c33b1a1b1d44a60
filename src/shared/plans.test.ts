import { describe, expect, it } from "vitest";
import { PLAN_IDS, planButton } from "./plans";

describe("planButton (plan order gratis < creator < professional)", () => {
  it("the same plan is disabled 'Current Plan'", () => {
    for (const id of PLAN_IDS) expect(planButton(id, id)).toEqual({ kind: "current", label: "Current Plan", disabled: true });
  });
  it("a lower plan is disabled 'Manage via Billing Portal'", () => {
    const lower = { kind: "lower", label: "Manage via Billing Portal", disabled: true };
    expect(planButton("creator", "gratis")).toEqual(lower);
    expect(planButton("professional", "gratis")).toEqual(lower);
    expect(planButton("professional", "creator")).toEqual(lower);
  });
  it("a higher plan is an enabled 'Upgrade to {plan}' with the plan's display name", () => {
    expect(planButton("gratis", "creator")).toEqual({ kind: "upgrade", label: "Upgrade to Creator", disabled: false });
    expect(planButton("gratis", "professional")).toEqual({ kind: "upgrade", label: "Upgrade to Professional", disabled: false });
    expect(planButton("creator", "professional")).toEqual({ kind: "upgrade", label: "Upgrade to Professional", disabled: false });
  });
});
