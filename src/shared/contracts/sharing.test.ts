import { describe, expect, it } from "vitest";
import { shareLink, shareSettingsInput } from "./sharing.js";

describe("shareLink", () => {
  const id = "3f1c2d4e-0000-4000-8000-000000000001";
  it("adds ?edit=true and ?protected=true as the spec shows", () => {
    const o = "https://app.example";
    expect(shareLink(o, id, { allowEditing: false, hasPassword: false })).toBe(`${o}/shared/${id}`);
    expect(shareLink(o, id, { allowEditing: true, hasPassword: false })).toBe(`${o}/shared/${id}?edit=true`);
    expect(shareLink(o, id, { allowEditing: false, hasPassword: true })).toBe(`${o}/shared/${id}?protected=true`);
    expect(shareLink(o, id, { allowEditing: true, hasPassword: true })).toBe(`${o}/shared/${id}?edit=true&protected=true`);
  });
});

describe("shareSettingsInput", () => {
  it("accepts real calendar dates only and null to clear", () => {
    expect(shareSettingsInput.safeParse({ expiresAt: "2030-02-28" }).success).toBe(true);
    expect(shareSettingsInput.safeParse({ expiresAt: "2030-02-30" }).success).toBe(false);
    expect(shareSettingsInput.safeParse({ expiresAt: "28/02/2030" }).success).toBe(false);
    expect(shareSettingsInput.safeParse({ expiresAt: null, password: null }).success).toBe(true);
  });
});
