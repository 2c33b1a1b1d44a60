import { type QueryFunction, QueryClient } from "@tanstack/react-query";
import { apiJson, isApiError } from "./api";
import { provideQueryClient } from "./query-client-slot";

/** What a query does on 401: throw (default) or resolve with null (e.g. "who am I" probes). */
type UnauthorizedBehavior = "throw" | "returnNull";

/** A queryFn that GETs `queryKey[0]` (a URL on our server) with the bearer token and returns JSON. */
function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const url = queryKey[0];
    if (typeof url !== "string") throw new Error("The default queryFn needs a URL string as queryKey[0]");
    try {
      return await apiJson<T>("GET", url, undefined, { signal });
    } catch (err) {
      if (on401 === "returnNull" && isApiError(err, 401)) return null;
      throw err;
    }
  };
}

/** Spec §7 defaults: no retries, no focus/interval refetch, data never stale unless invalidated. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: "throw" }),
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});

// The root provider (app/query-provider.tsx) hands the client down from now on.
provideQueryClient(queryClient);
