import { describe, expect, it } from "vitest";
import { formatLastEdited } from "./last-edited";

const NOW = Date.parse("2026-01-10T12:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();

describe("Last edited label", () => {
  it("follows the real update time", () => {
    expect(formatLastEdited(ago(5_000), NOW)).toBe("Last edited just now");
    expect(formatLastEdited(ago(60_000), NOW)).toBe("Last edited 1 minute ago");
    expect(formatLastEdited(ago(5 * 60_000), NOW)).toBe("Last edited 5 minutes ago");
    expect(formatLastEdited(ago(3 * 3_600_000), NOW)).toBe("Last edited 3 hours ago");
    expect(formatLastEdited(ago(2 * 86_400_000), NOW)).toBe("Last edited 2 days ago");
    expect(formatLastEdited(ago(30 * 86_400_000), NOW)).toMatch(/^Last edited \w/);
    expect(formatLastEdited(null, NOW)).toBe("Last edited just now");
  });
});
