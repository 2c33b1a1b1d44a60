// The plan catalogue as one shared query: the pricing cards, the subscription tab, the
// billing pages and the test-mode banner read the same cache.
import { useQuery } from "@tanstack/react-query";
import type { PlansResponse } from "../../shared/contracts/billing";
import { apiJson } from "./api";

/** The plan catalogue with the server's configured price ids (public). */
export function usePlans() {
  return useQuery({
    queryKey: ["/api/stripe/plans"],
    queryFn: ({ signal }) => apiJson<PlansResponse>("GET", "/api/stripe/plans", undefined, { signal }),
    staleTime: 10 * 60_000,
  });
}
