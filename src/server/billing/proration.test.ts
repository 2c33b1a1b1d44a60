// The proration formula of ./proration.ts on exact dates.
import { describe, expect, it } from "vitest";
import { changeTiming, quoteChange } from "./proration.js";

const d = (iso: string) => new Date(iso);

describe("plan change pricing", () => {
  it("upgrades and monthly → annual start now; downgrades and annual → monthly at the period's end", () => {
    const c = (plan: "creator" | "professional", interval: "month" | "year") => ({ plan, interval });
    expect(changeTiming(c("creator", "month"), c("professional", "month"))).toBe("now");
    expect(changeTiming(c("creator", "month"), c("creator", "year"))).toBe("now");
    expect(changeTiming(c("creator", "month"), c("professional", "year"))).toBe("now");
    expect(changeTiming(c("professional", "year"), c("creator", "year"))).toBe("period_end");
    expect(changeTiming(c("professional", "year"), c("creator", "month"))).toBe("period_end");
    expect(changeTiming(c("creator", "year"), c("creator", "month"))).toBe("period_end");
    expect(changeTiming(c("creator", "year"), c("professional", "month"))).toBe("period_end");
    expect(changeTiming(c("professional", "month"), c("creator", "year"))).toBe("period_end");
  });

  it("half-way through a 30-day month, Creator → Professional costs $6: $12 for the rest less the $6 unused", () => {
    const q = quoteChange({
      from: { plan: "creator", interval: "month" },
      to: { plan: "professional", interval: "month" },
      periodStart: d("2026-04-01T00:00:00Z"),
      periodEnd: d("2026-05-01T00:00:00Z"),
      at: d("2026-04-16T00:00:00Z"),
    });
    expect(q).toMatchObject({ timing: "now", amountDueCents: 600, creditCents: 600, newPeriodEnd: d("2026-05-01T00:00:00Z"), nextChargeCents: 2400 });
    expect(q.lines).toEqual([
      { description: "Unused time on Creator (monthly) after April 16, 2026", amountCents: -600 },
      { description: "Remaining time on Professional (monthly) after April 16, 2026", amountCents: 1200 },
    ]);
  });

  it("monthly → annual charges the year less the unused month and starts a new year", () => {
    const q = quoteChange({
      from: { plan: "creator", interval: "month" },
      to: { plan: "creator", interval: "year" },
      periodStart: d("2026-04-01T00:00:00Z"),
      periodEnd: d("2026-05-01T00:00:00Z"),
      at: d("2026-04-21T00:00:00Z"),
    });
    expect(q).toMatchObject({ amountDueCents: 12000 - 400, creditCents: 400, newPeriodStart: d("2026-04-21T00:00:00Z"), newPeriodEnd: d("2027-04-21T00:00:00Z") });
    expect(q.lines[1]).toEqual({ description: "Creator (annual) from April 21, 2026 to April 21, 2027", amountCents: 12000 });
  });

  it("Professional annual → Creator: nothing now; Creator from the end of the year at its full price", () => {
    const q = quoteChange({
      from: { plan: "professional", interval: "year" },
      to: { plan: "creator", interval: "month" },
      periodStart: d("2026-01-31T00:00:00Z"),
      periodEnd: d("2027-01-31T00:00:00Z"),
      at: d("2026-03-01T00:00:00Z"),
    });
    expect(q).toMatchObject({ timing: "period_end", amountDueCents: 0, lines: [], effectiveAt: d("2027-01-31T00:00:00Z"), nextChargeCents: 1200 });
    expect(q.newPeriodEnd).toEqual(d("2027-02-28T00:00:00Z"));
  });
});
