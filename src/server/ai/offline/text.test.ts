import { describe, expect, it } from "vitest";
import { countSyllables } from "./readability.js";
import { splitSentences } from "./text.js";

describe("splitSentences", () => {
  it("does not end a sentence at an abbreviation, a title or a decimal point", () => {
    expect(splitSentences("The U.S. economy grew 2.5 percent. Dr. Smith agreed.")).toEqual(["The U.S. economy grew 2.5 percent.", "Dr. Smith agreed."]);
    expect(splitSentences("Use hand tools, e.g. saws and files. Mr. Jones met Mrs. Smith at 5 p.m. today. They talked.")).toEqual([
      "Use hand tools, e.g. saws and files.",
      "Mr. Jones met Mrs. Smith at 5 p.m. today.",
      "They talked.",
    ]);
  });

  it("keeps each sentence's own punctuation and quotes, and its inner spacing", () => {
    expect(splitSentences('Is it?  Yes,  it is! He said "Stop." She left...')).toEqual(["Is it?", "Yes,  it is!", 'He said "Stop."', "She left..."]);
  });

  it("ends a sentence at a line break, and never splits inside a web address", () => {
    expect(splitSentences("A heading\nVisit www.example.com or example.org today. Then rest.\n\n- a list item")).toEqual([
      "A heading",
      "Visit www.example.com or example.org today.",
      "Then rest.",
      "- a list item",
    ]);
    expect(splitSentences(" \n\n ")).toEqual([]);
  });
});

describe("countSyllables", () => {
  it("counts the syllables of English words, exceptions included", () => {
    const counts = Object.fromEntries(["cat", "the", "table", "readability", "syllable", "beautiful", "created", "every", "queue", "business"].map((w) => [w, countSyllables(w)]));
    expect(counts).toEqual({ cat: 1, the: 1, table: 2, readability: 5, syllable: 3, beautiful: 3, created: 3, every: 2, queue: 1, business: 2 });
  });

  it("gives a number no syllables", () => {
    expect(countSyllables("2024")).toBe(0);
  });
});
