// Ranking a misspelling's candidates (the popover's order, best first) and deciding which fixes
// are certain enough to apply, with the frequencies the checkers report (SUBTLEX-US counts).
import { describe, expect, it } from "vitest";
import type { PlainLint } from "./lint.js";
import { rankLint, spellingDistance } from "./rank.js";

const spelling = (word: string, candidates: string[], distance = 1): PlainLint => ({
  rule: "SpellCheck",
  start: 0,
  end: word.length,
  message: "",
  kind: "Spelling",
  // The browser's worker reports every candidate at distance 1; the ranking measures its own.
  suggestions: candidates.map((text) => ({ kind: 0, text, distance })),
});

const LIBARY_FREQ = { library: 1170, liar: 1792, liberty: 849, diary: 458, leary: 91, hilary: 259, lizard: 247, liars: 184 };

describe("spelling candidates", () => {
  it("puts “library” first for “libary”, ahead of more common but further words", () => {
    // The browser lists harper's own candidates; the server adds known words within two edits.
    for (const list of [
      ["library", "liar", "liberty"],
      ["hilary", "lizard", "liars", "library", "liar", "liberty", "diary", "leary"],
    ]) {
      expect(rankLint(spelling("libary", list), "libary", LIBARY_FREQ).candidates[0]).toBe("library");
    }
  });

  it("gives the candidates in the misspelling's case", () => {
    const { candidates } = rankLint(spelling("Libary", ["library", "liar", "Liberty"]), "Libary", LIBARY_FREQ);
    expect(candidates).toEqual(["Library", "Liar", "Liberty"]);
  });

  it("weighs the common slips less than other edits", () => {
    // A doubled letter, a vowel for a vowel, two letters swapped.
    expect(spellingDistance("writting", "writing")).toBeLessThan(spellingDistance("writting", "waiting"));
    expect(spellingDistance("wark", "work")).toBeLessThan(spellingDistance("wark", "walk"));
    expect(spellingDistance("palce", "place")).toBeLessThan(1);
    expect(spellingDistance("libary", "library")).toBeLessThan(spellingDistance("libary", "liar"));
    expect(spellingDistance("same", "same")).toBe(0);
  });

  it("applies a clear winner and offers close rivals as choices", () => {
    const writing = rankLint(spelling("writting", ["writing", "waiting", "written"]), "writting", { writing: 2852, waiting: 10767, written: 2247 });
    expect(writing).toEqual({ candidates: ["writing", "waiting", "written"], certain: true });
    const contury = rankLint(spelling("contury", ["century", "country"]), "contury", { century: 1900, country: 9000 });
    expect(contury).toMatchObject({ candidates: ["century", "country"], certain: false });
  });

  it("applies a long word the list knows only a few times when nothing else is close", () => {
    const r = rankLint(spelling("advertisments", ["advertisements", "advertisement"]), "advertisments", { advertisements: 25, advertisement: 61 });
    expect(r).toEqual({ candidates: ["advertisements", "advertisement"], certain: true });
    // A short one as rare is not applied.
    expect(rankLint(spelling("flof", ["flog"]), "flof", { flog: 12 }).certain).toBe(false);
  });
});

describe("other lints", () => {
  const lint = (rule: string, kind: string, texts: string[]): PlainLint => ({
    rule,
    start: 0,
    end: 1,
    message: "",
    kind,
    suggestions: texts.map((text) => ({ kind: 0, text, distance: 1 })),
  });

  it("applies rules that are nearly always right although their kind is a matter of usage", () => {
    expect(rankLint(lint("OneOfTheSingular", "Usage", ["reasons"]), "reason", {}).certain).toBe(true);
    expect(rankLint(lint("AdjectiveDoubleDegree", "Redundancy", ["taller"]), "more taller", {}).certain).toBe(true);
  });

  it("still offers style and word choice as choices", () => {
    expect(rankLint(lint("Excellent", "Enhancement", ["excellent"]), "very good", {}).certain).toBe(false);
    expect(rankLint(lint("CompoundNouns", "WordChoice", ["schoolteachers"]), "school teachers", {}).certain).toBe(false);
  });
});
