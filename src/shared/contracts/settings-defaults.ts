// Default preferences, without zod, so the editor can use them without the schemas.
import type { Preferences } from "./settings.js";

export const DEFAULT_PREFERENCES: Preferences = {
  theme: "system",
  fontSize: "medium",
  fontFamily: "inter",
  autoSave: true,
  showWordCount: true,
  focusModeDefault: false,
  inlineCompletion: true,
  grammarCheck: true,
};
