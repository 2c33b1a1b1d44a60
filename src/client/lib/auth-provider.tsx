import type { Session, User } from "@supabase/auth-js";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { type AuthClient, getAuthClient, loadClientWhenNeeded, mightHaveSession, onAuthClientLoaded, storedSession } from "./auth-client";
import { currentQueryClient } from "./query-client-slot";

/** Drops the signed-out user's cached server data (none when no page has loaded Query yet). */
const clearQueries = () => currentQueryClient()?.clear();

export interface AuthState {
  user: User | null;
  session: Session | null;
  /** True until we know whether a session exists, so pages can wait instead of flashing the signed-out view. */
  loading: boolean;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

// auth-js already treats these as "the session is gone anyway" and clears storage.
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

/** Longest a sign-out waits for work that needs the session (a hung network must not keep the user in). */
const SIGN_OUT_WAIT_MS = 5000;
const beforeSignOut = new Set<() => Promise<unknown> | undefined>();

/**
 * Registers work that must finish while the session still works, such as the open
 * editor's last save (after sign-out it would be refused). Every sign-out waits for it,
 * at most SIGN_OUT_WAIT_MS. Returns the unregister function.
 */
export function onBeforeSignOut(task: () => Promise<unknown> | undefined): () => void {
  beforeSignOut.add(task);
  return () => beforeSignOut.delete(task);
}

async function runBeforeSignOut(): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tasks = Promise.allSettled([...beforeSignOut].map((task) => Promise.resolve().then(task)));
  await Promise.race([tasks, new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_WAIT_MS)))]);
  clearTimeout(timer);
}

/**
 * Sign-out is called on the client itself (the account dialog, account deletion) as well as
 * through useAuth(), and auth-js has no hook before it revokes and drops the session; so the
 * one client's signOut runs the registered work first.
 */
const guardedClients = new WeakSet<AuthClient>();
function runBeforeEverySignOut(client: AuthClient): void {
  if (guardedClients.has(client)) return;
  guardedClients.add(client);
  const signOut = client.signOut.bind(client);
  client.signOut = async (options) => {
    await runBeforeSignOut();
    return signOut(options);
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  // A returning user whose stored token is good for a while starts signed in with it, and
  // auth-js loads when it has work to do (auth-client.ts); a visitor with nothing to
  // restore is known signed-out at once. Neither downloads auth-js at start.
  const [initial] = useState(storedSession);
  const [session, setSession] = useState<Session | null>(initial);
  const [loading, setLoading] = useState(() => !initial && mightHaveSession());

  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;

    // Subscribes whenever the client gets loaded: now (session to restore) or later,
    // when a sign-in dialog first calls getAuthClient().
    const stopWaiting = onAuthClientLoaded((client) => {
      if (!active) return;
      runBeforeEverySignOut(client);
      client
        .getSession()
        .then(({ data }) => {
          if (!active) return;
          // Signed out in another tab while this one ran on the stored session: drop that user's cached data.
          if (initial && !data.session) clearQueries();
          setSession(data.session);
        })
        .catch((err: unknown) => console.error("Reading the auth session failed", err))
        .finally(() => {
          if (active) setLoading(false);
        });
      // Covers sign-in, sign-out, token refresh, user update and password recovery.
      // The callback must not await other auth calls (auth-js holds its lock here).
      const { data } = client.onAuthStateChange((event, next) => {
        if (!active) return;
        setSession(next);
        setLoading(false);
        // Session ended (sign-out elsewhere, failed refresh): drop the old user's cached data.
        if (event === "SIGNED_OUT") clearQueries();
      });
      unsubscribe = () => data.subscription.unsubscribe();
    });

    const load = () => {
      getAuthClient().catch((err: unknown) => {
        console.error("Loading the auth client failed", err);
        if (active) setLoading(false);
      });
    };
    let stopDeferring: (() => void) | undefined;
    if (initial) stopDeferring = loadClientWhenNeeded(initial, load);
    else if (mightHaveSession()) load();
    return () => {
      active = false;
      stopDeferring?.();
      stopWaiting();
      unsubscribe?.();
    };
  }, []);

  const signOut = useCallback(async () => {
    const client = await getAuthClient();
    const { error } = await client.signOut();
    const status = (error as { status?: number } | null)?.status;
    if (error && !(status !== undefined && IGNORED_SIGN_OUT_STATUSES.has(status))) {
      // A failed revoke keeps the user signed in here; it is only logged, not shown.
      console.error("Sign-out failed", error);
      return;
    }
    clearQueries();
    navigate("/");
  }, [navigate]);

  const value = useMemo<AuthState>(
    () => ({ user: session?.user ?? null, session, loading, signOut }),
    [session, loading, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth must be used within an AuthProvider");
  return ctx;
}
