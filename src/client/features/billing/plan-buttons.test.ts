import { describe, expect, it } from "vitest";
import { planButtonState } from "./plan-buttons";

const state = (plan: "gratis" | "creator" | "professional", currentPlan: string | null, signedIn = true, processing = false) =>
  planButtonState({ plan, planName: plan[0]!.toUpperCase() + plan.slice(1), signedIn, currentPlan, processing });

describe("pricing buttons (plan order gratis < creator < professional)", () => {
  it("current plan is disabled 'Current Plan'", () => {
    expect(state("creator", "creator")).toEqual({ kind: "current", label: "Current Plan", disabled: true });
    expect(state("gratis", "gratis")).toMatchObject({ label: "Current Plan", disabled: true });
  });
  it("a lower plan is disabled 'Manage via Billing Portal'", () => {
    expect(state("creator", "professional")).toEqual({ kind: "lower", label: "Manage via Billing Portal", disabled: true });
    expect(state("gratis", "creator")).toMatchObject({ label: "Manage via Billing Portal", disabled: true });
  });
  it("a higher plan reads 'Upgrade to {plan}', 'Processing...' while busy", () => {
    expect(state("professional", "creator")).toEqual({ kind: "upgrade", label: "Upgrade to Professional", disabled: false });
    expect(state("creator", "gratis", true, true)).toEqual({ kind: "upgrade", label: "Processing...", disabled: true });
  });
  it("an unknown current plan counts as Gratis", () => {
    expect(state("gratis", "bogus")).toMatchObject({ kind: "current" });
  });
  it("signed out: every card leads to sign-up", () => {
    expect(state("creator", null, false)).toMatchObject({ kind: "signup", label: "Upgrade to Creator", disabled: false });
    expect(state("gratis", null, false)).toMatchObject({ kind: "signup", label: "Get Started Free" });
  });
  it("nothing for sale (PAYMENTS=disabled): paid plans say so and cannot be clicked, the current plan stays", () => {
    const off = (plan: "gratis" | "creator" | "professional", currentPlan: string | null, signedIn = true) =>
      planButtonState({ plan, planName: plan, signedIn, currentPlan, processing: false, forSale: false });
    expect(off("creator", null, false)).toEqual({ kind: "not-for-sale", label: "Not for sale", disabled: true });
    expect(off("professional", "gratis")).toEqual({ kind: "not-for-sale", label: "Not for sale", disabled: true });
    expect(off("gratis", null, false)).toMatchObject({ kind: "signup", label: "Get Started Free", disabled: false });
    expect(off("creator", "creator")).toMatchObject({ kind: "current", label: "Current Plan" });
  });
});

