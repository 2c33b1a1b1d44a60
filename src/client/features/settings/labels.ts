// Display names for the preference values (the stored values are the spec's ids).
import type { FontFamily, FontSize, Theme } from "../../../shared/contracts/settings";

export const THEME_OPTIONS: { value: Theme; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];

export const FONT_SIZE_OPTIONS: { value: FontSize; label: string }[] = [
  { value: "small", label: "Small" },
  { value: "medium", label: "Medium" },
  { value: "large", label: "Large" },
];

export const FONT_FAMILY_OPTIONS: { value: FontFamily; label: string }[] = [
  { value: "inter", label: "Inter" },
  { value: "serif", label: "Serif" },
  { value: "mono", label: "Monospace" },
];
