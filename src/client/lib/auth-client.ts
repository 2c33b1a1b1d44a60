import type { GoTrueClient } from "@supabase/auth-js";

/**
 * The one browser auth client (official @supabase/auth-js; our server speaks GoTrue's
 * wire format at /auth/v1, so we get the spec's session rules — 30 s tick, refresh
 * before expiry, back-off, storage — without re-implementing them).
 *
 * Loaded on demand: auth-js is ~23 KB gzip, and a first-time visitor on the landing
 * page (no stored session, no auth tokens in the URL) does not need it until they
 * open the sign-in/sign-up dialog. Everyone else loads it at start-up.
 */
/** The client instance type (auth-js exports the class as both AuthClient and GoTrueClient). */
export type AuthClient = GoTrueClient;

/** localStorage key of the persisted session. */
export const AUTH_STORAGE_KEY = "draftsmith.auth";

let clientPromise: Promise<AuthClient> | null = null;
let loaded: AuthClient | null = null;
const loadedListeners = new Set<(client: AuthClient) => void>();

/** The shared client, created on first call. Use it for signIn/signUp/resetPassword etc. */
export function getAuthClient(): Promise<AuthClient> {
  clientPromise ??= import("@supabase/auth-js")
    .then(({ AuthClient }) => {
      const client = new AuthClient({
        url: `${window.location.origin}/auth/v1`,
        autoRefreshToken: true,
        persistSession: true,
        detectSessionInUrl: true,
        storageKey: AUTH_STORAGE_KEY,
      });
      loaded = client;
      for (const l of loadedListeners) l(client);
      return client;
    })
    .catch((err: unknown) => {
      clientPromise = null; // let a later call retry (e.g. after a flaky network)
      throw err;
    });
  return clientPromise;
}

/** Calls `listener` once the client exists (at once if it already does). Returns an unsubscribe. */
export function onAuthClientLoaded(listener: (client: AuthClient) => void): () => void {
  if (loaded) listener(loaded);
  else loadedListeners.add(listener);
  return () => loadedListeners.delete(listener);
}

/**
 * True when there may be a session to restore: one is stored, or the URL carries
 * auth-redirect parameters (email confirmation / recovery links, OAuth/PKCE codes).
 * False means "certainly signed out" without loading the client.
 */
export function mightHaveSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    return true; // storage blocked: let the client decide
  }
  const { hash, search } = window.location;
  return /(?:^|[#&])(access_token|error_description|error_code)=/.test(hash) || /[?&]code=/.test(search);
}

/** The current access token (refreshed first by the client if close to expiry), or null. */
export async function getAccessToken(): Promise<string | null> {
  if (!loaded && !clientPromise && !mightHaveSession()) return null;
  const client = await getAuthClient();
  const { data } = await client.getSession();
  return data.session?.access_token ?? null;
}
