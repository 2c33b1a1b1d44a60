import { describe, expect, it } from "vitest";
import { ContentCache } from "./content-cache.js";

describe("ContentCache", () => {
  it("keys by id and version: another version is a miss", () => {
    const cache = new ContentCache(1000);
    cache.set("a", 1, '{"type":"doc"}');
    expect(cache.get("a", 1)).toBe('{"type":"doc"}');
    expect(cache.get("a", 2)).toBeUndefined();
  });

  it("drops the least recently used entries once it holds its size, and never takes one over a quarter of it", () => {
    const cache = new ContentCache(400); // 200 characters
    cache.set("a", 1, "x".repeat(40));
    cache.set("b", 1, "y".repeat(40));
    cache.set("c", 1, "z".repeat(40));
    cache.set("d", 1, "w".repeat(40));
    expect(cache.get("a", 1)).toBeDefined(); // a is now the most recent
    cache.set("e", 1, "v".repeat(40)); // 5 × 80 bytes = 400: still fits
    cache.set("f", 1, "u".repeat(40)); // over: the coldest (b) goes
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBeDefined();
    cache.set("big", 1, "q".repeat(60)); // 120 bytes > 100: not kept
    expect(cache.get("big", 1)).toBeUndefined();
  });

  it("keeps one version per document: a newer one replaces it, an older one never does", () => {
    const cache = new ContentCache(1000);
    cache.set("a", 1, "one");
    cache.set("a", 2, "two");
    expect(cache.get("a", 1)).toBeUndefined();
    expect(cache.get("a", 2)).toBe("two");
    cache.set("a", 1, "one");
    expect(cache.get("a", 2)).toBe("two");
    expect(cache.get("a", 1)).toBeUndefined();
  });
});
