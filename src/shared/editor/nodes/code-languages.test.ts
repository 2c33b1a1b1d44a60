import highlight from "highlight.js/lib/core";
import { all, common } from "lowlight";
import { describe, expect, it } from "vitest";
import { CODE_LANGUAGES, COMMON_CODE_LANGUAGES, knownLanguage } from "./code-languages.js";

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
});
