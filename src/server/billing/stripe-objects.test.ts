import { describe, expect, it } from "vitest";
import { readCheckoutSession, readInvoice, readSubscription } from "./stripe-objects.js";
import { addOneMonth } from "./test-checkout.js";

describe("Stripe object readers", () => {
  it("reads the period end from items (current API) or the subscription (older API)", () => {
    const current = readSubscription({
      id: "sub_1",
      customer: { id: "cus_1" },
      status: "active",
      items: { data: [{ price: { id: "price_c" }, current_period_end: 1_800_000_000 }] },
    });
    expect(current).toMatchObject({ customerId: "cus_1", priceId: "price_c", currentPeriodEnd: new Date(1_800_000_000_000) });
    const legacy = readSubscription({ id: "sub_2", customer: "cus_2", status: "active", current_period_end: 1_700_000_000, items: { data: [] } });
    expect(legacy?.currentPeriodEnd).toEqual(new Date(1_700_000_000_000));
  });
  it("treats a scheduled cancel_at as cancelling at period end", () => {
    expect(readSubscription({ id: "s", status: "active", cancel_at: 1_800_000_000 })?.cancelAtPeriodEnd).toBe(true);
    expect(readSubscription({ id: "s", status: "active", cancel_at_period_end: false })?.cancelAtPeriodEnd).toBe(false);
  });
  it("reads a checkout session's email lower-cased and an expanded subscription", () => {
    const s = readCheckoutSession({
      id: "cs_1",
      status: "complete",
      payment_status: "paid",
      customer_details: { email: " Buyer@Example.COM " },
      subscription: { id: "sub_1", status: "active" },
    });
    expect(s).toMatchObject({ email: "buyer@example.com", subscriptionId: "sub_1", subscription: { id: "sub_1" } });
  });
  it("reads an invoice's subscription from parent (current) or subscription (older)", () => {
    expect(readInvoice({ id: "in_1", parent: { subscription_details: { subscription: "sub_9" } } })?.subscriptionId).toBe("sub_9");
    expect(readInvoice({ id: "in_2", subscription: "sub_8", lines: { data: [{ period: { end: 5 } }, { period: { end: 9 } }] } })).toMatchObject({
      subscriptionId: "sub_8",
      periodEnd: new Date(9000),
    });
  });
  it("rejects non-objects", () => {
    expect(readSubscription(null)).toBeNull();
    expect(readCheckoutSession("cs_1")).toBeNull();
  });
  it("adds a calendar month, clamping to the month's last day", () => {
    expect(addOneMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addOneMonth(new Date("2026-03-15T00:00:00Z")).toISOString()).toBe("2026-04-15T00:00:00.000Z");
  });
});
