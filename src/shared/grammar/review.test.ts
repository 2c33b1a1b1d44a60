// The app's own rules and the review both checkers share: the browser's check as you type and
// the server's offline engine flag the same problems with the same candidates.
import { describe, expect, it } from "vitest";
import { agreementLints } from "./agreement.js";
import type { PlainLint } from "./lint.js";
import { looksEnglish, reviewLints } from "./review.js";
import { inCaseOf, inflections, words } from "./words.js";

/** The frequencies a checker would report for these words (known ones common, others absent). */
const freq = (known: string[]): Record<string, number> => Object.fromEntries(known.map((w) => [w, 1000]));

const spelling = (text: string, word: string, candidates: string[]): PlainLint => {
  const start = text.indexOf(word);
  return {
    rule: "SpellCheck",
    start,
    end: start + word.length,
    message: `Did you mean to spell “${word}” this way?`,
    kind: "Spelling",
    suggestions: candidates.map((c) => ({ kind: 0, text: c, distance: 1 })),
  };
};

describe("the app's own grammar rules", () => {
  it("flags a plural subject with a verb in -s, with the bare verb as the fix", () => {
    const text = "Most people feels happy about it.";
    const [lint] = agreementLints(text, freq(["feel", "feels", "people"]));
    expect(lint).toMatchObject({ rule: "PluralSubjectVerb", suggestions: [{ text: "feel" }] });
    expect(text.slice(lint!.start, lint!.end)).toBe("feels");
  });

  it("flags “its not” as “it's not”, keeping the capital", () => {
    const lints = agreementLints("Its not fair.", {});
    expect(lints.map((l) => l.suggestions[0]?.text)).toEqual(["It's"]);
  });

  it("flags a counting word before a singular noun", () => {
    const lints = agreementLints("There are many reason for this.", freq(["reason", "reasons"]));
    expect(lints.map((l) => l.suggestions[0]?.text)).toEqual(["reasons"]);
  });

  it("leaves a correct sentence alone", () => {
    expect(agreementLints("People feel that it depends on the weather.", freq(["feel", "feels", "depend", "depends"]))).toEqual([]);
  });
});

describe("reviewing lints", () => {
  it("ranks a misspelling's candidates by frequency and marks a clear winner certain", () => {
    const text = "I went becaus it rained.";
    const [edit] = reviewLints(text, [spelling(text, "becaus", ["becalms", "because"])], { because: 50_000, becalms: 1 });
    expect(edit).toMatchObject({ insert: "because", certain: true, rule: "SpellCheck" });
  });

  it("leaves names inside a sentence, identifiers and e-mail addresses alone", () => {
    const text = "Ask Grzegorz at grzeg@example.com about eu-west-1.";
    const lints = ["Grzegorz", "grzeg", "eu"].map((w) => spelling(text, w, ["greg"]));
    expect(reviewLints(text, lints, {})).toEqual([]);
  });

  it("leaves paragraphs that are not English alone", () => {
    const text = "Zażółć gęślą jaźń, pójdź w ciemną noc.";
    expect(looksEnglish(text)).toBe(false);
    expect(reviewLints(text, [spelling(text, "gęślą", ["gesla"])], {})).toEqual([]);
  });

  it("keeps one problem where two overlap", () => {
    const text = "Its not teh end.";
    const edits = reviewLints(text, [spelling(text, "teh", ["the"])], { the: 1_000_000 });
    expect(edits.map((e) => e.change.original)).toEqual(["Its", "teh"]);
  });
});

describe("words", () => {
  it("puts a candidate in the case of the word it replaces", () => {
    expect(inCaseOf("Becaus", "because")).toBe("Because");
    expect(inCaseOf("THE", "the")).toBe("THE");
    expect(inCaseOf("teh", "the")).toBe("the");
  });

  it("lists words and their simple inflections", () => {
    expect(words("It's 3 o'clock, dear.")).toEqual(["It's", "3", "o'clock", "dear"]);
    expect(inflections("city")).toContain("cities");
  });
});

describe("agreement after an adverb", () => {
  it("flags “he usually bring” and leaves a past tense or a modal alone", () => {
    const f = freq(["bring", "brings", "want", "wants", "need", "needs"]);
    expect(agreementLints("He usually bring a book.", f).map((l) => l.suggestions[0]?.text)).toEqual(["brings"]);
    expect(agreementLints("She also want a car to use.", f).map((l) => l.suggestions[0]?.text)).toEqual(["wants"]);
    expect(agreementLints("He usually brought a book. She will also need a car.", f)).toEqual([]);
  });
});
