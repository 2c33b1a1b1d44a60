import highlight from "highlight.js/lib/core";
import { all, common } from "lowlight";
import { describe, expect, it } from "vitest";
import { CODE_LANGUAGES, COMMON_CODE_LANGUAGES, knownLanguage } from "./code-language-names.js";
import { codeLanguage } from "./code-languages.js";

describe("code block languages", () => {
  it("are exactly lowlight's grammars with their aliases, and the editor's set is lowlight's common one", () => {
    expect(Object.keys(CODE_LANGUAGES).sort()).toEqual(Object.keys(all).sort());
    expect([...COMMON_CODE_LANGUAGES].sort()).toEqual(Object.keys(common).sort());
    for (const [name, grammar] of Object.entries(all)) {
      const aliases = (grammar(highlight).aliases ?? []).map((a) => a.toLowerCase()).filter((a) => a !== name && /^[a-z0-9_+#.-]{1,40}$/.test(a));
      expect([...CODE_LANGUAGES[name]!].sort(), name).toEqual([...new Set(aliases)].sort());
    }
  });

  it("a name or alias is known in lower case; anything else is not", () => {
    expect(knownLanguage("TypeScript")).toBe("typescript");
    expect(knownLanguage("js")).toBe("js");
    expect(knownLanguage("sh")).toBe("sh");
    expect(knownLanguage("mermaid")).toBeNull();
    expect(knownLanguage("<script>")).toBeNull();
    expect(knownLanguage(3)).toBeNull();
  });

  it("a code block keeps any word within the rule, in lower case; one that breaks it is no language", () => {
    for (const word of ["foo+bar", "föö", ";", "aa", "mermaid", "c++", "{.python}", "a\\b&c", "x".repeat(64), "日本語"]) expect(codeLanguage(word)).toBe(word);
    expect(codeLanguage("Python")).toBe("python");
    expect(codeLanguage("  rust ")).toBe("rust");
    for (const bad of ["", "   ", "two words", "tab\there", 'a"b', "a'b", "a<b", "a>b", "a`b", "a\u0000b", "a\u007fb", "a\u200bb", "a\u202eb", "x".repeat(65), null, 42]) {
      expect(codeLanguage(bad), String(bad)).toBeNull();
    }
    // 64 characters, not UTF-16 units.
    expect(codeLanguage("😀".repeat(64))).toBe("😀".repeat(64));
    expect(codeLanguage("😀".repeat(65))).toBeNull();
  });
});
