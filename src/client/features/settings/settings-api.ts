// Client side of the settings API: loads and saves preferences and notifications, and
// deletes the account. Saved preferences go straight into the shared query cache so the
// theme and the editor (font size/family) change at once.
import { useQuery } from "@tanstack/react-query";
import type {
  Notifications,
  NotificationsPatch,
  Preferences,
  PreferencesPatch,
} from "../../../shared/contracts/settings";
import { PREFERENCES_QUERY_KEY, PREFERENCES_URL } from "../../lib/preferences-query";
import { apiJson, apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const NOTIFICATIONS_URL = "/api/settings/notifications";
const NOTIFICATIONS_QUERY_KEY = [NOTIFICATIONS_URL] as const;

export function useNotificationsQuery(enabled = true) {
  return useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => apiJson<Notifications>("GET", NOTIFICATIONS_URL, undefined, { signal }),
    enabled,
  });
}

export async function savePreferences(patch: PreferencesPatch): Promise<Preferences> {
  const saved = await apiJson<Preferences>("PUT", PREFERENCES_URL, patch);
  // The editor (features/editor/use-editor-preferences.ts) reads this same key, so the
  // document's font size and family change as soon as the save returns.
  queryClient.setQueryData(PREFERENCES_QUERY_KEY, saved);
  return saved;
}

export async function saveNotifications(patch: NotificationsPatch): Promise<Notifications> {
  const saved = await apiJson<Notifications>("PUT", NOTIFICATIONS_URL, patch);
  queryClient.setQueryData(NOTIFICATIONS_QUERY_KEY, saved);
  return saved;
}

export async function deleteAccount(confirmEmail: string): Promise<void> {
  await apiRequest("DELETE", "/api/account", { confirmEmail });
}
