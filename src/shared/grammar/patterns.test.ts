// The app's own punctuation checks (patterns.ts): what they flag and what they leave alone.
import { describe, expect, it } from "vitest";
import { compoundSubject, introComma, pastTense } from "./patterns.js";
import { reviewLints } from "./review.js";

const flagged = (text: string) => introComma(text).map((l) => text.slice(l.start, l.end));

describe("a comma after a sentence's opening word", () => {
  it("flags an opener followed straight by the sentence", () => {
    expect(flagged("Secondly the place of the film must be clear.")).toEqual(["Secondly"]);
    expect(flagged("It rained. In my opinion it was cold. Finally we left.")).toEqual(["In my opinion", "Finally"]);
    expect(flagged("thus even today it is so.")).toEqual(["thus"]);
    expect(flagged("Second the amount of money matters.")).toEqual(["Second"]);
  });

  it("inserts the comma after the opener", () => {
    const text = "Finally the third cause is this.";
    const [edit] = reviewLints(text, introComma(text), {});
    expect(edit).toMatchObject({ start: 0, end: 7, insert: "Finally,", certain: true });
  });

  it("leaves alone openers that already have a comma, and the same words inside a sentence or used otherwise", () => {
    expect(flagged("Finally, we left.")).toEqual([]);
    expect(flagged("We finally left. He was thus late.")).toEqual([]);
    expect(flagged("Thus far nothing has changed.")).toEqual([]);
    expect(flagged("Second place went to Ann. Finally came the rain.")).toEqual([]);
    expect(flagged("In fact.")).toEqual([]);
  });
});

const fixes = (text: string, lints: ReturnType<typeof introComma>) => lints.map((l) => [text.slice(l.start, l.end), l.suggestions[0]?.text]);

describe("a subject of two with an object pronoun", () => {
  it("puts the pronouns in the subject's case, the writer last, and makes the verb plural", () => {
    const text = "Me and him goes to school.";
    expect(fixes(text, compoundSubject(text))).toEqual([
      ["Me and him", "He and I"],
      ["goes", "go"],
    ]);
    const brother = "It rained. Me and my brother went home.";
    expect(fixes(brother, compoundSubject(brother))).toEqual([["Me and my brother", "My brother and I"]]);
    expect(fixes("Him and me were late.", compoundSubject("Him and me were late."))).toEqual([["Him and me", "He and I"]]);
  });

  it("applies both fixes", () => {
    const text = "Me and him goes to school.";
    const edits = reviewLints(text, compoundSubject(text), {});
    expect(edits.map((e) => [e.insert, e.certain])).toEqual([
      ["He and I", true],
      ["go", true],
    ]);
  });

  it("leaves a correct subject, an object and a possessive alone", () => {
    for (const text of ["He and I went home.", "Tell me and him what you want.", "Me and her friends went out.", "She gave it to me and him."]) {
      expect(compoundSubject(text)).toEqual([]);
    }
  });
});

describe("a present tense in a sentence about the past", () => {
  it("puts a common irregular verb right after the subject in the past", () => {
    expect(fixes("Yesterday I go to school.", pastTense("Yesterday I go to school."))).toEqual([["go", "went"]]);
    expect(fixes("I buy it last week.", pastTense("I buy it last week."))).toEqual([["buy", "bought"]]);
    expect(fixes("We are happy two days ago.", pastTense("We are happy two days ago."))).toEqual([["are", "were"]]);
  });

  it("wins over harper's agreement fix for the same verb", () => {
    const text = "He go to school yesterday.";
    const harper = { rule: "PronounVerbAgreement", start: 3, end: 5, message: "", kind: "Agreement", suggestions: [{ kind: 0, text: "goes", distance: 1 }] };
    expect(reviewLints(text, [harper], {}).map((e) => e.insert)).toEqual(["went"]);
  });

  it("leaves alone the past, the future, habits, reported speech and sentences with no time in the past", () => {
    for (const text of [
      "Yesterday I went to school.",
      "I will go there tomorrow.",
      "Last week was fun.",
      "I think he left yesterday.",
      "Every day I go to school.",
      "I go to school. It rained yesterday.",
      "Yesterday I go home and he buy milk.",
    ]) {
      expect(pastTense(text)).toEqual([]);
    }
  });
});
