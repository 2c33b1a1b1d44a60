import { describe, expect, it } from "vitest";
import { MAX_TERMS, toTsquery } from "./tsquery.js";

describe("toTsquery", () => {
  it("ANDs words and makes the word being typed a prefix", () => {
    expect(toTsquery("Quick bro")).toBe("'quick' & 'bro':*");
    expect(toTsquery("quick brown ")).toBe("'quick' & 'brown'");
  });

  it("turns quoted words into a phrase", () => {
    expect(toTsquery('"quick brown" fox')).toBe("('quick' <-> 'brown') & 'fox':*");
    expect(toTsquery('"quick brown"')).toBe("('quick' <-> 'brown')");
    expect(toTsquery('"quick bro')).toBe("('quick' <-> 'bro':*)");
  });

  it("keeps only letters and digits, so no input forms tsquery syntax", () => {
    expect(toTsquery("a&b|c!(d):*'e\\f")).toBe("'a' & 'b' & 'c' & 'd' & 'e' & 'f':*");
    expect(toTsquery("élan 2026")).toBe("'élan' & '2026':*");
    expect(toTsquery("&|!():* \\ '\"")).toBeNull();
    expect(toTsquery("")).toBeNull();
  });

  it("caps the number of terms", () => {
    const q = toTsquery(Array.from({ length: 40 }, (_, i) => `w${i}`).join(" "));
    expect(q?.split(" & ")).toHaveLength(MAX_TERMS);
  });
});
