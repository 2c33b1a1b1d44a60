import { Suspense } from "react";
import { useAuth } from "../lib/auth-provider";
import { withQueryClient } from "../lib/load-query-client";
import { lazyPart } from "../lib/lazy-part";

// Loaded only for signed-in users, so visitors' start-up bundle carries no query hooks for it.
const ServerThemeSync = lazyPart(withQueryClient(() => import("./server-theme-sync")));

/**
 * Keeps the page theme in line with the signed-in user's saved preference: the inline
 * script paints from localStorage before first paint; once the server's value arrives
 * (on load, or after signing in on a new device) it wins and is stored locally.
 */
export function ThemeSync() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <ServerThemeSync key={user.id} />
    </Suspense>
  );
}
