import { describe, expect, it } from "vitest";
import { originAllowed } from "./origin.js";

describe("originAllowed", () => {
  const prod = { publicOrigin: "https://app.example.com", NODE_ENV: "production" as const };
  it("allows the app's own origin and clients without one, refuses others", () => {
    expect(originAllowed(prod, "https://app.example.com")).toBe(true);
    expect(originAllowed(prod, undefined)).toBe(true);
    expect(originAllowed(prod, "https://evil.example")).toBe(false);
    expect(originAllowed(prod, "http://localhost:5173")).toBe(false);
    expect(originAllowed(prod, "null")).toBe(false);
  });
  it("allows loopback origins (the Vite dev server) only in development", () => {
    const dev = { publicOrigin: "http://localhost:3000", NODE_ENV: "development" as const };
    expect(originAllowed(dev, "http://localhost:5173")).toBe(true);
    expect(originAllowed(dev, "https://evil.example")).toBe(false);
  });
});
