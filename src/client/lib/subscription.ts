import { useQuery } from "@tanstack/react-query";
import type { SubscriptionStatusResponse } from "../../shared/contracts/billing";
import { apiJson } from "./api";
import { queryClient } from "./query-client";

export const SUBSCRIPTION_QUERY_KEY = ["/api/stripe/subscription-status"] as const;
const SUBSCRIPTION_REFETCH_MS = 60_000;
/** What the server answers for a user without a subscription (src/server/billing/plan-lookup.ts). */
export const INACTIVE_SUBSCRIPTION: SubscriptionStatusResponse = {
  isActive: false,
  planName: "gratis",
  status: "inactive",
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  interval: null,
};

async function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionStatusResponse> {
  try {
    const s = await apiJson<SubscriptionStatusResponse>("GET", SUBSCRIPTION_QUERY_KEY[0], undefined, { signal });
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
