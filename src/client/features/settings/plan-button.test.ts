import { describe, expect, it } from "vitest";
import { planButton } from "./plan-button";

describe("planButton", () => {
  it("follows the plan order gratis < creator < professional", () => {
    expect(planButton("creator", "Creator", "creator", false)).toEqual({ label: "Current Plan", disabled: true, action: "none" });
    expect(planButton("gratis", "Gratis", "creator", false)).toEqual({
      label: "Manage via Billing Portal",
      disabled: true,
      action: "none",
    });
    expect(planButton("professional", "Professional", "creator", false)).toEqual({
      label: "Upgrade to Professional",
      disabled: false,
      action: "upgrade",
    });
    expect(planButton("professional", "Professional", "creator", true)).toMatchObject({ label: "Processing...", disabled: true });
  });

  it("treats an unknown plan name as Gratis", () => {
    expect(planButton("gratis", "Gratis", "enterprise", false).label).toBe("Current Plan");
    expect(planButton("creator", "Creator", "", false).label).toBe("Upgrade to Creator");
  });
});
