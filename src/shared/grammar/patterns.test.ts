// The app's own punctuation checks (patterns.ts): what they flag and what they leave alone.
import { describe, expect, it } from "vitest";
import { introComma } from "./patterns.js";
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
