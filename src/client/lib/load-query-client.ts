// Loads Query's client together with a lazily loaded part that reads the server through it,
// so the part never renders before the root provider has the client (lib/query-client-slot.ts).
export function loadQueryClient(): Promise<void> {
  return import("./query-client").then(() => undefined);
}

/** `lazy(withQueryClient(() => import("./page")))`: the part's code and Query's client, together. */
export function withQueryClient<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadQueryClient()]).then(([module]) => module);
}
