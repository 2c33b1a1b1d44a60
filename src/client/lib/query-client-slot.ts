// Where the app finds Query's client once its code has loaded. Query (its client, cache and
// observers, about 9 KB compressed) is not part of the landing page's first view: the pages
// that read the server through it load it with their own code (lib/load-query-client.ts),
// and the root provider (app/query-provider.tsx) hands it down from then on.
import type { QueryClient } from "@tanstack/react-query";

let client: QueryClient | null = null;
const listeners = new Set<() => void>();

/** The client, or null while no page has needed it yet. */
export function currentQueryClient(): QueryClient | null {
  return client;
}

export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by lib/query-client.ts when it is first evaluated. */
export function provideQueryClient(next: QueryClient): void {
  if (client === next) return;
  client = next;
  for (const l of listeners) l();
}
