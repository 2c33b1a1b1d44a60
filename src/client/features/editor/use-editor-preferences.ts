// The user's editor preferences (GET /api/settings/preferences, the app's shared query so a
// save in Account Settings applies at once), falling back to the spec's defaults on any
// error so the editor always opens.
import type { Preferences } from "../../../shared/contracts/settings";
import { DEFAULT_PREFERENCES } from "../../../shared/contracts/settings-defaults";
import { usePreferencesQuery } from "../../lib/preferences-query";

/** Fills missing or malformed fields with the defaults. */
export function withPreferenceDefaults(raw: unknown): Preferences {
  const out: Preferences = { ...DEFAULT_PREFERENCES };
  if (!raw || typeof raw !== "object") return out;
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(DEFAULT_PREFERENCES) as (keyof Preferences)[]) {
    const v = r[key];
    if (typeof v === typeof DEFAULT_PREFERENCES[key]) (out as Record<string, unknown>)[key] = v;
  }
  if (!(out.fontSize in PREFERENCE_FONT_SIZE)) out.fontSize = DEFAULT_PREFERENCES.fontSize;
  if (!(out.fontFamily in PREFERENCE_FONT_FAMILY)) out.fontFamily = DEFAULT_PREFERENCES.fontFamily;
  return out;
}

/** `loaded` turns true on the first answer or error (then the defaults apply). */
export function useEditorPreferences(enabled = true): { preferences: Preferences; loaded: boolean } {
  const q = usePreferencesQuery(enabled);
  return { preferences: q.data ? withPreferenceDefaults(q.data) : DEFAULT_PREFERENCES, loaded: q.data !== undefined || q.isError };
}

/** Base size and family of the document body for the preference values. */
export const PREFERENCE_FONT_SIZE: Record<Preferences["fontSize"], string> = { small: "14px", medium: "16px", large: "18px" };
export const PREFERENCE_FONT_FAMILY: Record<Preferences["fontFamily"], string> = {
  inter: "Inter, ui-sans-serif, system-ui, sans-serif",
  serif: 'Georgia, "Times New Roman", ui-serif, serif',
  mono: 'ui-monospace, "Courier New", monospace',
};
