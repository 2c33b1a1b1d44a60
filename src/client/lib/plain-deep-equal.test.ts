import { describe, expect, it } from "vitest";
import { deepEqual } from "./plain-deep-equal";

describe("deepEqual (fast-equals' stand-in for TipTap's useEditorState)", () => {
  it("compares primitives, arrays and plain objects deeply", () => {
    expect(deepEqual({ count: 2, current: 0 }, { count: 2, current: 0 })).toBe(true);
    expect(deepEqual({ count: 2, current: 0 }, { count: 2, current: 1 })).toBe(false);
    expect(deepEqual({ a: [1, { b: "x" }] }, { a: [1, { b: "x" }] })).toBe(true);
    expect(deepEqual({ a: [1, { b: "x" }] }, { a: [1, { b: "y" }] })).toBe(false);
    expect(deepEqual([1, 2], [1, 2, 3])).toBe(false);
    expect(deepEqual({ a: undefined }, { b: undefined })).toBe(false);
    expect(deepEqual(null, null)).toBe(true);
    expect(deepEqual(null, {})).toBe(false);
    expect(deepEqual(Number.NaN, Number.NaN)).toBe(true);
    expect(deepEqual([], {})).toBe(false);
  });
});
