// The signed-in user's preferences as one shared TanStack query, so the theme sync, the
// settings dialog and the editor read the same cache and a save updates all of them.
import { useQuery } from "@tanstack/react-query";
// Type-only: the contract module carries zod, which must stay out of the start-up bundle.
import type { Preferences } from "../../shared/contracts/settings";
import { apiJson } from "./api";
import { takeRead } from "./early-reads";
import { PREFERENCES_URL } from "./preferences-url";

export { PREFERENCES_URL };
export const PREFERENCES_QUERY_KEY = [PREFERENCES_URL] as const;

function fetchPreferences(signal?: AbortSignal): Promise<Preferences> {
  return apiJson<Preferences>("GET", PREFERENCES_URL, undefined, { signal });
}

/** The saved preferences; pass enabled:false while signed out. */
export function usePreferencesQuery(enabled = true) {
  return useQuery({
    queryKey: PREFERENCES_QUERY_KEY,
    // The editor URL's entry file may have asked already (lib/collab/early-open.ts).
    queryFn: ({ signal }) => takeRead<Preferences>(PREFERENCES_URL) ?? fetchPreferences(signal),
    enabled,
    staleTime: 60_000,
  });
}
