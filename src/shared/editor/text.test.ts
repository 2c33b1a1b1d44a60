import { describe, expect, it } from "vitest";
import { countWords } from "./text.js";

/** The definition countWords keeps to: runs of what \s does not match. */
const byRegExp = (text: string) => text.match(/\S+/g)?.length ?? 0;

describe("countWords", () => {
  it("treats every UTF-16 unit as white space exactly when \\s does", () => {
    for (let c = 0; c < 0x10000; c++) {
      const ch = String.fromCharCode(c);
      expect(countWords(`a${ch}b`), `U+${c.toString(16)}`).toBe(byRegExp(`a${ch}b`));
    }
  });

  it("counts words as the regular expression does", () => {
    const samples = [
      "",
      "   ",
      "one",
      "  two words  ",
      "tab\tnew\nline\r\nend",
      "no\u00a0break\u2003em\u3000ideographic\ufeffbom",
      "emoji 😀 count\u200bzero-width",
      "line\u2028separator\u2029paragraph",
      "\u0085next-line is not a space in JavaScript",
    ];
    for (const text of samples) expect(countWords(text), JSON.stringify(text)).toBe(byRegExp(text));
  });
});
