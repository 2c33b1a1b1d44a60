// The offline engine on sample texts: each feature does its own recognisable job and never
// writes facts the input does not contain.
import { describe, expect, it } from "vitest";
import { REWRITE_STYLE_IDS, TONE_IDS } from "../../../shared/contracts/ai.js";
import { alternativesFor, reorderClauses } from "./alternatives.js";
import { diffChanges } from "./diff.js";
import { correctGrammar, looksEnglish } from "./grammar.js";
import { improveText } from "./improve.js";
import { analyzeReadability, countSyllables } from "./readability.js";
import { adjustTone, rewriteWithStyle } from "./rewrite.js";
import { extractiveOutline, extractiveSummary } from "./summarize.js";
import { splitSentences, words } from "./text.js";

const ARTICLE =
  "Solar power is growing fast across Europe. Germany installed record solar capacity last year. " +
  "Cheap solar panels made rooftop solar affordable for families. Grid operators worry about solar peaks at noon. " +
  "Batteries can store solar power for the evening. Many cities now require solar panels on new buildings.";

const SAMPLE =
  "I think that we really need to make a decision about the new website in order to launch it in the near future. " +
  "It is basically done, but we don't have the final copy yet. The team is gonna check out the remaining stuff, however they will assist us.";

describe("grammar (harper.js)", () => {
  it("finds and fixes known errors and lists each change", async () => {
    const r = await correctGrammar("This is an test of the the grammer checker. i think their going to the store tomorow.");
    expect(r.correctedText).toBe("This is a test of the grammar checker. I think they're going to the store tomorrow.");
    expect(r.changes.map((c) => [c.original, c.replacement])).toEqual([
      ["an", "a"],
      ["the the", "the"],
      ["grammer", "grammar"],
      ["i", "I"],
      ["their", "they're"],
      ["tomorow", "tomorrow"],
    ]);
    expect(r.changes[2]!.offset).toBe("This is an test of the the ".length);
  }, 60_000);

  it("leaves correct text alone and keeps offsets right after non-ASCII characters", async () => {
    expect((await correctGrammar("The café opens at noon.")).changes).toEqual([]);
    // 🎉 is one code point but two UTF-16 units: offsets must stay in JavaScript's units.
    const r = await correctGrammar("Party 🎉 time, and this is an test.");
    expect(r.correctedText).toBe("Party 🎉 time, and this is a test.");
    expect(r.changes[0]!.offset).toBe("Party 🎉 time, and this is ".length);
  }, 60_000);
});

describe("grammar on text the checker does not know", () => {
  it("leaves Polish, German and French paragraphs as they are, and still fixes the English one beside them", async () => {
    const foreign = [
      "Wczoraj poszedłem do sklepu i kupiłem chleb. Było bardzo zimno, ale słońce świeciło.",
      "Ich gehe morgen mit meinem Hund in den Park.",
      "Je suis allé au marché avec ma sœur hier.",
    ];
    const r = await correctGrammar([...foreign, "Their going to the store tomorow."].join("\n"));
    expect(r.correctedText).toBe([...foreign, "They're going to the store tomorrow."].join("\n"));
    expect(r.changes.map((c) => c.original)).toEqual(["Their", "tomorow"]);
    expect(await improveText(foreign[0]!)).toBe(foreign[0]);
    // Run on its own, this test starts the grammar worker (as the first grammar test does).
  }, 60_000);

  it("keeps names and identifiers it has no word for, and still fixes typos", async () => {
    const r = await correctGrammar("Grzegorz moved to São Paulo and deploys to eu-west-1 with user_id 7. We has alot of work. Teh end.");
    expect(r.correctedText).toBe("Grzegorz moved to São Paulo and deploys to eu-west-1 with user_id 7. We have a lot of work. The end.");
  });

  it("reads short plain fragments and ordinary prose as English", () => {
    expect(looksEnglish("Teh cat")).toBe(true);
    expect(looksEnglish("We has alot of very good idea.")).toBe(true);
    expect(looksEnglish("Zażółć gęślą jaźń")).toBe(false);
  });
});

describe("extractive summary and outline", () => {
  it("is made of the input's own sentences, in their original order", () => {
    const summary = extractiveSummary(ARTICLE);
    const sentences = splitSentences(summary);
    const original = splitSentences(ARTICLE);
    expect(sentences.length).toBe(2);
    for (const s of sentences) expect(original).toContain(s);
    const idx = sentences.map((s) => original.indexOf(s));
    expect([...idx].sort((a, b) => a - b)).toEqual(idx);
  });

  it("outlines from headings when present, else from key sentences", () => {
    expect(extractiveOutline("# Intro\nText.\n## Part A\nMore.\n## Part B\nEnd.")).toBe("- Intro\n  - Part A\n  - Part B");
    const outline = extractiveOutline(ARTICLE);
    const points = outline.split("\n");
    expect(points.length).toBe(3);
    for (const p of points) expect(ARTICLE).toContain(p.replace(/^- /, ""));
  });
});

describe("readability", () => {
  it("computes Flesch scores, counts, long sentences and passive voice", () => {
    expect(countSyllables("readability")).toBe(5);
    expect(countSyllables("cat")).toBe(1);
    const r = analyzeReadability("The cat sat on the mat. The ball was thrown by the boy.");
    expect(r).toMatchObject({ sentenceCount: 2, wordCount: 13, passiveSentences: ["The ball was thrown by the boy."], longSentences: [] });
    expect(r.fleschReadingEase).toBeGreaterThan(90);
    const long = analyzeReadability(`${"word ".repeat(30).trim()}.`);
    expect(long.longSentences).toHaveLength(1);
  });
});

describe("rewriting styles", () => {
  const rw = (s: (typeof REWRITE_STYLE_IDS)[number], t = SAMPLE) => rewriteWithStyle(t, s);

  it("changes the text for every style, each differently", () => {
    const outs = REWRITE_STYLE_IDS.map((s) => rw(s));
    for (const o of outs) expect(o).not.toBe(SAMPLE);
    expect(new Set(outs).size).toBe(REWRITE_STYLE_IDS.length);
  });

  it("concise removes filler, hedges and wordy phrases", () => {
    const out = rw("concise");
    expect(out).not.toMatch(/\b(really|basically|I think|in order to|in the near future)\b/);
    expect(out).toContain("to launch it soon");
    expect(words(out).length).toBeLessThan(words(SAMPLE).length);
  });

  it("casual uses contractions and everyday words; professional expands them and drops slang", () => {
    expect(rw("casual")).toMatch(/they'll help us/);
    expect(rw("casual")).toContain("but they'll");
    const pro = rw("professional");
    expect(pro).toContain("do not have");
    expect(pro).toContain("going to review the remaining material");
    expect(pro).not.toMatch(/gonna|stuff|don't|really|basically/);
  });

  it("clarity uses plain words and splits run-on sentences", () => {
    const out = rw("clarity", "We will utilize the new system in order to facilitate faster reviews of every document that the team writes, and the managers will approve each change before the end of the week.");
    expect(out).toBe("We will use the new system to help faster reviews of every document that the team writes. The managers will approve each change before the end of the week.");
  });

  it("expand spells out and connects sentences using only the text's own content", () => {
    const out = rw("expand", "We ship soon. It's e.g. faster. Users like it.");
    expect(out).toContain("in the near future");
    expect(out).toContain("In addition, it is for example faster");
    expect(out).toMatch(/Moreover, users like it\./);
    expect(out).toMatch(/In short, /);
  });

  it("persuasive removes hedges; academic formalises; creative uses vivid words", () => {
    expect(rw("persuasive", "I think we might win. Perhaps it could work.")).toBe("We will win. It can work.");
    expect(rw("academic", "So we got lots of results. But they show a big effect.")).toBe(
      "Therefore, we obtained many results. However, they demonstrate a substantial effect.",
    );
    expect(rw("creative", "The very old house was very quiet, but it was nice.")).toBe("The ancient house was hushed — but it was delightful.");
  });
});

describe("tones", () => {
  it("changes the text for every tone it has words for, each differently, and leaves it alone otherwise", () => {
    // SAMPLE has nothing to soften: the empathetic tone does not invent a sentence to add.
    const tones = TONE_IDS.filter((t) => t !== "empathetic");
    const outs = tones.map((t) => adjustTone(SAMPLE, t));
    for (const o of outs) expect(o).not.toBe(SAMPLE);
    expect(new Set(outs).size).toBe(tones.length);
    expect(adjustTone(SAMPLE, "empathetic")).toBe(SAMPLE);
  });

  it("each tone does its own thing", () => {
    expect(adjustTone("Thank you. We are glad it is good.", "enthusiastic")).toBe("Thank you. We're delighted it's great!");
    expect(adjustTone("You must fix the problem.", "empathetic")).toBe("You may want to fix the challenge.");
    expect(adjustTone("Maybe we should ship. I think it might work.", "authoritative")).toBe("We must ship. It will work.");
    expect(adjustTone("Dear team, thank you for the update.", "friendly")).toBe("Hi team, thanks for the update.");
    expect(adjustTone("This is really amazing!!", "informative")).toBe("This is.");
  });
});

describe("alternatives", () => {
  it("produces distinct variants that differ from the input", () => {
    const input = "We cancelled the trip because the weather was bad.";
    expect(reorderClauses(input)).toBe("Because the weather was bad, we cancelled the trip.");
    const alts = alternativesFor(input, 3);
    expect(alts).toHaveLength(3);
    expect(new Set(alts).size).toBe(3);
    expect(alts).not.toContain(input);
  });
});

describe("diffChanges", () => {
  it("reports word-level corrections with offsets", () => {
    expect(diffChanges("This are an test.", "This is a test.")).toEqual([
      { original: "are an", replacement: "is a", message: 'Replace "are an" with "is a".', kind: "Correction", offset: 5 },
    ]);
  });
});
