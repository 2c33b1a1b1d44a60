// "Never make text worse": a proposal is kept only if it changes the text and the checker
// finds nothing in it that it did not find in the original.
import { afterAll, describe, expect, it } from "vitest";
import { grammarChecker } from "./grammar.js";
import { introducesProblem, noWorse, noWorseAll } from "./no-worse.js";

afterAll(() => grammarChecker.release());

describe("noWorse", () => {
  it("keeps a proposal that changes the text without a new problem", async () => {
    expect(await noWorse("We do not know.", "We don't know.")).toBe("We don't know.");
  }, 60_000);

  it("returns the original when the proposal adds a problem the checker finds", async () => {
    expect(await introducesProblem("This is a test.", "This is an test.")).toBe(true);
    expect(await noWorse("This is a test.", "This is an test.")).toBe("This is a test.");
    // A problem the original already had is not held against the proposal.
    expect(await noWorse("This is an test. We do not know.", "This is an test. We don't know.")).toBe("This is an test. We don't know.");
  }, 60_000);

  it("returns the original when nothing changes, and keeps only distinct, harmless alternatives", async () => {
    expect(await noWorse("Hi there.", "Hi  there. ")).toBe("Hi there.");
    expect(await noWorseAll("We cancelled the trip.", ["We cancelled the trip.", "We called off the trip.", "We called off the trip.", "We cancelled an trip."])).toEqual([
      "We called off the trip.",
    ]);
  }, 60_000);
});
