import type { GoTrueClient, Session } from "@supabase/auth-js";

/**
 * The one browser auth client (official @supabase/auth-js; our server speaks GoTrue's
 * wire format at /auth/v1, so we get the spec's session rules — 30 s tick, refresh
 * before expiry, back-off, storage — without re-implementing them).
 *
 * Loaded on demand: auth-js is ~20 KB compressed. A first-time visitor on the landing
 * page (no stored session, no auth tokens in the URL) does not need it until they open
 * the sign-in/sign-up dialog. A returning user whose stored access token is good for a
 * while yet starts with that session as auth-js stored it (storedSession below) and loads
 * auth-js when it has work to do: shortly before the token expires (auth-js then refreshes
 * it), when another tab changes the stored session, or at the first call that needs the
 * client itself (sign-out, profile changes). Anyone else loads it at start-up.
 */
/** The client instance type (auth-js exports the class as both AuthClient and GoTrueClient). */
export type AuthClient = GoTrueClient;

/** localStorage key of the persisted session; index.html's inline read of an editor URL's record reads it too. */
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
  return authParamsInUrl();
}

/**
 * Time left on a stored access token under which auth-js is loaded to refresh it: auth-js
 * refreshes within 90 s of expiry (its EXPIRY_MARGIN_MS), and a timer in a background tab
 * may fire late.
 */
const REFRESH_AHEAD_MS = 2 * 60 * 1000;

function authParamsInUrl(): boolean {
  const { hash, search } = window.location;
  return /(?:^|[#&])(access_token|error_description|error_code)=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * The session auth-js keeps in localStorage, if its access token is good for more than
 * REFRESH_AHEAD_MS and the URL brings no new one: what getSession() would answer without a
 * refresh. Null means "ask auth-js".
 */
export function storedSession(now = Date.now()): Session | null {
  if (loaded || authParamsInUrl()) return null;
  let session: Partial<Session> | null = null;
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    session = raw ? (JSON.parse(raw) as Partial<Session>) : null;
  } catch {
    return null;
  }
  if (!session || typeof session !== "object") return null;
  const { access_token, refresh_token, expires_at, user } = session;
  if (typeof access_token !== "string" || typeof refresh_token !== "string" || typeof expires_at !== "number") return null;
  if (!user || typeof user !== "object" || typeof user.id !== "string") return null;
  return expires_at * 1000 - now > REFRESH_AHEAD_MS ? (session as Session) : null;
}

/**
 * After starting from storedSession(): loads the client when it has work to do (the token
 * is about to expire, or another tab signed in, out or refreshed). Returns a cancel function.
 */
export function loadClientWhenNeeded(session: Session, load: () => void): () => void {
  const dueAt = (session.expires_at ?? 0) * 1000 - REFRESH_AHEAD_MS;
  let done = false;
  const wake = () => {
    if (done) return;
    done = true;
    stop();
    load();
  };
  // Timers sleep in a background tab: a tab coming back checks the clock itself.
  const onVisible = () => {
    if (document.visibilityState === "visible" && Date.now() >= dueAt) wake();
  };
  const onStorage = (e: StorageEvent) => {
    if (e.key === AUTH_STORAGE_KEY || e.key === null) wake();
  };
  const timer = setTimeout(wake, Math.max(0, dueAt - Date.now()));
  document.addEventListener("visibilitychange", onVisible);
  window.addEventListener("storage", onStorage);
  const stop = () => {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onVisible);
    window.removeEventListener("storage", onStorage);
  };
  return () => {
    done = true;
    stop();
  };
}

/** The current access token (refreshed first by the client if close to expiry), or null. */
export async function getAccessToken(): Promise<string | null> {
  if (!loaded && !clientPromise) {
    if (!mightHaveSession()) return null;
    const stored = storedSession();
    if (stored) return stored.access_token;
  }
  const client = await getAuthClient();
  const { data } = await client.getSession();
  return data.session?.access_token ?? null;
}
