import { useEffect } from "react";
import { useAuth } from "./auth-provider";
import { usePreferencesQuery } from "./preferences-query";
import { applyTheme, getStoredTheme } from "./theme";

/**
 * Keeps the page theme in line with the signed-in user's saved preference: the inline
 * script paints from localStorage before first paint; once the server's value arrives
 * (on load or after signing in on another device's choice) it wins and is stored locally.
 */
export function ThemeSync() {
  const { user } = useAuth();
  const { data } = usePreferencesQuery(!!user);
  const saved = user ? data?.theme : undefined;
  useEffect(() => {
    if (saved && saved !== getStoredTheme()) applyTheme(saved);
  }, [saved]);
  return null;
}
