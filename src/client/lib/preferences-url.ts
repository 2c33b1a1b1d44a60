/** The signed-in user's preferences (a module of its own: the entry file reads it early, without Query). */
export const PREFERENCES_URL = "/api/settings/preferences";
