import { useQuery } from "@tanstack/react-query";
import { apiJson } from "./api";
import { queryClient } from "./query-client";

/** GET /api/stripe/subscription-status (spec: subscription entity). */
export interface SubscriptionStatus {
  isActive: boolean;
  planName: string;
  status?: string;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
}

export const SUBSCRIPTION_QUERY_KEY = ["/api/stripe/subscription-status"] as const;
export const SUBSCRIPTION_REFETCH_MS = 60_000;
export const INACTIVE_SUBSCRIPTION: SubscriptionStatus = { isActive: false, planName: "gratis" };

async function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionStatus> {
  try {
    const s = await apiJson<SubscriptionStatus>("GET", SUBSCRIPTION_QUERY_KEY[0], undefined, { signal });
    return s && typeof s.isActive === "boolean" ? s : INACTIVE_SUBSCRIPTION;
  } catch (err) {
    // Spec: a failed check falls back to inactive, plan gratis.
    if (!signal?.aborted) console.error("Subscription check failed", err);
    return INACTIVE_SUBSCRIPTION;
  }
}

/**
 * The signed-in user's subscription, refetched every 60 s. `data` is undefined while the
 * first fetch runs (use `data ?? INACTIVE_SUBSCRIPTION` to render). Pass enabled:false when signed out.
 */
export function useSubscription(opts: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: SUBSCRIPTION_QUERY_KEY,
    queryFn: ({ signal }) => fetchSubscription(signal),
    refetchInterval: SUBSCRIPTION_REFETCH_MS,
    staleTime: 0,
    enabled: opts.enabled ?? true,
  });
}

/** Forces a refetch (after payment success, portal changes, sign-in). */
export function invalidateSubscription(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_QUERY_KEY });
}
