import { describe, expect, it } from "vitest";
import { minExpiryDate } from "./dates";

describe("minExpiryDate", () => {
  it("is never before the server's (UTC) today", () => {
    const now = new Date("2026-03-01T23:30:00Z");
    const utcToday = "2026-03-01";
    expect(minExpiryDate(now) >= utcToday).toBe(true);
  });
  it("is a YYYY-MM-DD date", () => {
    expect(minExpiryDate(new Date())).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
