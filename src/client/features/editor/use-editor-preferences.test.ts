import { describe, expect, it } from "vitest";
import { DEFAULT_PREFERENCES } from "../../../shared/contracts/settings";
import { withPreferenceDefaults } from "./use-editor-preferences";

describe("editor preferences", () => {
  it("falls back to the spec defaults for missing or bad values", () => {
    expect(withPreferenceDefaults(null)).toEqual(DEFAULT_PREFERENCES);
    expect(withPreferenceDefaults({ fontSize: "huge", autoSave: "no", showWordCount: false, fontFamily: "serif" })).toEqual({
      ...DEFAULT_PREFERENCES,
      showWordCount: false,
      fontFamily: "serif",
    });
  });
});
