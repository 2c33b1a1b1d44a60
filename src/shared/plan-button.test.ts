import { describe, expect, it } from "vitest";
import { planButton } from "./plan-button";
import { PLAN_IDS, type PlanId } from "./plans";

const signedIn = (plan: PlanId, currentPlan: string, processing = false) => planButton({ plan, currentPlan, processing });
const signedOut = (plan: PlanId, processing = false) => planButton({ plan, currentPlan: null, processing });
const notForSale = (plan: PlanId, currentPlan: string | null) => planButton({ plan, currentPlan, processing: false, forSale: false });

describe("planButton (plan order gratis < creator < professional)", () => {
  it("the user's own plan is a disabled 'Current Plan'", () => {
    for (const id of PLAN_IDS) expect(signedIn(id, id)).toEqual({ kind: "current", label: "Current Plan", disabled: true });
  });

  it("a lower plan is a disabled 'Manage via Billing Portal'", () => {
    const lower = { kind: "lower", label: "Manage via Billing Portal", disabled: true };
    expect(signedIn("gratis", "creator")).toEqual(lower);
    expect(signedIn("gratis", "professional")).toEqual(lower);
    expect(signedIn("creator", "professional")).toEqual(lower);
  });

  it("a higher plan is an enabled 'Upgrade to {plan}' with the plan's display name", () => {
    expect(signedIn("creator", "gratis")).toEqual({ kind: "upgrade", label: "Upgrade to Creator", disabled: false });
    expect(signedIn("professional", "gratis")).toEqual({ kind: "upgrade", label: "Upgrade to Professional", disabled: false });
    expect(signedIn("professional", "creator")).toEqual({ kind: "upgrade", label: "Upgrade to Professional", disabled: false });
  });

  it("an upgrade whose checkout is starting reads 'Processing...' and cannot be clicked again", () => {
    expect(signedIn("creator", "gratis", true)).toEqual({ kind: "upgrade", label: "Processing...", disabled: true });
    // Only upgrades change while busy: the current plan's button stays as it was.
    expect(signedIn("creator", "creator", true)).toEqual({ kind: "current", label: "Current Plan", disabled: true });
  });

  it("an unknown or empty current plan counts as Gratis", () => {
    expect(signedIn("gratis", "enterprise")).toMatchObject({ kind: "current", label: "Current Plan" });
    expect(signedIn("creator", "")).toMatchObject({ kind: "upgrade", label: "Upgrade to Creator" });
  });

  it("signed out: every card leads to sign-up", () => {
    expect(signedOut("creator")).toEqual({ kind: "signup", label: "Upgrade to Creator", disabled: false });
    expect(signedOut("professional")).toEqual({ kind: "signup", label: "Upgrade to Professional", disabled: false });
    expect(signedOut("gratis")).toEqual({ kind: "signup", label: "Get Started Free", disabled: false });
    expect(signedOut("creator", true)).toMatchObject({ kind: "signup", disabled: true });
  });

  it("nothing for sale (PAYMENTS=disabled): paid plans say so and cannot be clicked, Gratis and the user's own plan stay", () => {
    const off = { kind: "not-for-sale", label: "Not for sale", disabled: true };
    expect(notForSale("creator", null)).toEqual(off);
    expect(notForSale("professional", "gratis")).toEqual(off);
    expect(notForSale("professional", "creator")).toEqual(off);
    expect(notForSale("gratis", null)).toEqual({ kind: "signup", label: "Get Started Free", disabled: false });
    expect(notForSale("creator", "creator")).toMatchObject({ kind: "current", label: "Current Plan" });
  });
});
