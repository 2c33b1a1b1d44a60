import { describe, expect, it } from "vitest";
import { MAX_ANSWER_TOKENS } from "./prompts/common.js";
import { promptFor } from "./prompts/index.js";
import { partsOf, splitText } from "./split.js";

const join = (parts: Array<{ text: string; after: string }>) => parts.map((p) => p.text + p.after).join("");
const upTo = (n: number) => (t: string) => t.length <= n;

describe("splitText", () => {
  it("keeps a text that fits whole", () => {
    expect(splitText("One.\n\nTwo.", upTo(100))).toEqual([{ text: "One.\n\nTwo.", after: "" }]);
  });

  it("groups whole paragraphs and keeps the breaks between them", () => {
    const text = "Alpha one.\n\nBeta two.\nGamma three.\n\n\nDelta four.";
    const parts = splitText(text, upTo(24));
    expect(parts.map((p) => p.text)).toEqual(["Alpha one.\n\nBeta two.", "Gamma three.", "Delta four."]);
    expect(join(parts)).toBe(text);
  });

  it("splits a paragraph too long on its own between sentences, then words, then characters", () => {
    const text = "First sentence here. Second one! A third? Supercalifragilistic";
    for (const limit of [25, 12, 5]) {
      const parts = splitText(text, upTo(limit));
      expect(join(parts)).toBe(text);
      for (const p of parts) expect(p.text.length).toBeLessThanOrEqual(limit);
    }
    expect(splitText(text, upTo(25)).map((p) => p.text)).toEqual(["First sentence here.", "Second one! A third?", "Supercalifragilistic"]);
  });
});

describe("partsOf", () => {
  const long = Array.from({ length: 40 }, (_, i) => `Paragraph ${i}: ${"word ".repeat(90).trim()}.`).join("\n\n");

  it("sends a long text for improve, grammar, rewrite and tone in parts whose answers fit the cap", () => {
    for (const task of [
      { kind: "improve", text: long },
      { kind: "grammar", text: long },
      { kind: "rewrite", text: long, style: "expand" },
      { kind: "tone", text: long, tone: "friendly" },
    ] as const) {
      const parts = partsOf(task);
      expect(parts.length, task.kind).toBeGreaterThan(1);
      expect(parts.map((p) => p.task.text + p.after).join("")).toBe(long);
      for (const p of parts) expect(promptFor(p.task).maxTokens).toBeLessThan(MAX_ANSWER_TOKENS);
    }
  });

  it("leaves short texts and other tasks as one call", () => {
    expect(partsOf({ kind: "improve", text: "Short." })).toHaveLength(1);
    expect(partsOf({ kind: "summary", text: long })).toHaveLength(1);
  });
});
