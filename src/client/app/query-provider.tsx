// The root's Query provider, without Query's code: it gives the client to the pages once one
// of them has loaded it (lib/query-client-slot.ts), so the landing page's first view does
// not download Query. Only the context object comes from @tanstack/react-query here.
import { QueryClientContext } from "@tanstack/react-query";
import { type ReactNode, useEffect, useSyncExternalStore } from "react";
import { currentQueryClient, subscribeQueryClient } from "../lib/query-client-slot";

export function QueryProvider({ children }: { children: ReactNode }) {
  const client = useSyncExternalStore(subscribeQueryClient, currentQueryClient, currentQueryClient);
  // What QueryClientProvider does: the client follows window focus and the network while mounted.
  useEffect(() => {
    if (!client) return;
    client.mount();
    return () => client.unmount();
  }, [client]);
  return <QueryClientContext.Provider value={client ?? undefined}>{children}</QueryClientContext.Provider>;
}
