import { useEffect } from "react";
import { usePreferencesQuery } from "../lib/preferences-query";
import { applyTheme, getStoredTheme } from "../lib/theme";

/** Applies the signed-in user's saved theme when it differs from the one stored locally. */
export default function ServerThemeSync() {
  const { data } = usePreferencesQuery();
  const saved = data?.theme;
  useEffect(() => {
    if (saved && saved !== getStoredTheme()) applyTheme(saved);
  }, [saved]);
  return null;
}
