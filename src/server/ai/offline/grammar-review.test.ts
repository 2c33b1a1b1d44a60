// The cases a reviewer found when trying the offline grammar check as a new user would:
// agreement and number errors it missed, misspellings hidden inside a long sentence or at a
// sentence start, and first suggestions applied that turned typos into other real words.
import { describe, expect, it } from "vitest";
import { correctGrammar } from "./grammar.js";

const PARAGRAPH =
  "There are many reason to work here. Employees enjoys the flexible hours, and its not hard to see why. " +
  "Most people feels welcome, but it depend on the team.";

const change = (r: Awaited<ReturnType<typeof correctGrammar>>, original: string) => r.changes.find((c) => c.original === original);

describe("grammar on the reviewer's paragraph", () => {
  it("fixes agreement, its/it's and the missing plural, each applied as certain", async () => {
    const r = await correctGrammar(PARAGRAPH);
    expect(r.correctedText).toBe(
      "There are many reasons to work here. Employees enjoy the flexible hours, and it's not hard to see why. " +
        "Most people feel welcome, but it depends on the team.",
    );
    for (const original of ["reason", "enjoys", "its", "feels", "depend"]) expect(change(r, original)?.certain).toBe(true);
  }, 60_000);

  it("still fixes a/an and leaves correct text alone", async () => {
    expect((await correctGrammar("We has an cat.")).correctedText).toBe("We have a cat.");
    expect((await correctGrammar("Many reasons explain why people feel that it depends on the weather.")).changes).toEqual([]);
  }, 60_000);
});

describe("spelling the reviewer found left alone or made worse", () => {
  it("finds misspellings inside a sentence of more than 40 words", async () => {
    const long =
      "When the new system that our team has been building for the last several months is finally ready, we can start to offer " +
      "the features that our customers have been asking for since the begining of the year, and we will be glad to tell everyone about it tomorow.";
    const r = await correctGrammar(long);
    expect(r.correctedText).toContain("since the beginning of the year");
    expect(r.correctedText).toContain("about it tomorrow.");
  }, 60_000);

  it("checks a capitalised word that starts a sentence, and still leaves names inside one alone", async () => {
    const r = await correctGrammar("Becaus the room was cold, we left. Additionaly, we met Grzegorz there.");
    expect(r.correctedText.startsWith("Because the room was cold")).toBe(true);
    expect(change(r, "Additionaly")?.suggestions).toContain("Additionally");
    expect(change(r, "Grzegorz")).toBeUndefined();
  }, 60_000);

  it("offers ambiguous corrections as ranked choices instead of applying the first", async () => {
    const text = "The apprtunites in this contury grew after the floop, and it happenis often.";
    const r = await correctGrammar(text);
    // Only "opportunities" is applied (its one rival, "appetites", is far less likely); the
    // others have close rivals, or are a split into two words.
    expect(r.correctedText).toBe(text.replace("apprtunites", "opportunities"));
    expect(change(r, "apprtunites")).toMatchObject({ certain: true, replacement: "opportunities" });
    const expectations: [string, string][] = [
      ["contury", "country"],
      ["floop", "flood"],
      ["happenis", "happen is"],
    ];
    for (const [original, candidate] of expectations) {
      const c = change(r, original);
      expect(c?.certain).toBe(false);
      expect(c?.suggestions).toContain(candidate);
      expect(c?.replacement).toBe(c?.suggestions?.[0]);
    }
    // Ranked by how common and how close: the likelier word comes first.
    expect(change(r, "contury")?.suggestions?.[0]).toBe("century");
  }, 60_000);
});
