import { describe, expect, it } from "vitest";
import { reconnectDelay } from "./realtime";

describe("reconnectDelay", () => {
  it("backs off exponentially from about half a second up to 30 s, with jitter", () => {
    expect(reconnectDelay(0, () => 0)).toBe(250);
    expect(reconnectDelay(0, () => 1)).toBe(500);
    expect(reconnectDelay(3, () => 1)).toBe(4000);
    expect(reconnectDelay(20, () => 1)).toBe(30_000);
    expect(reconnectDelay(20, () => 0)).toBe(15_000);
  });
});
