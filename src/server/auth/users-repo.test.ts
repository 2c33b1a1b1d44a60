import { describe, expect, it } from "vitest";
import { splitMetadata } from "./users-repo.js";

describe("splitMetadata", () => {
  it("keeps a long full name to 200 characters without cutting an emoji in half", () => {
    const name = `${"a".repeat(199)}😀tail`;
    const out = splitMetadata({ full_name: name });
    if ("error" in out) throw new Error(out.error);
    expect(out.fullName).toBe(`${"a".repeat(199)}😀`);
    expect(out.fullName).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
