// The plan catalogue as one shared query: the pricing cards, the subscription tab and the
// billing pages read the same cache (the test-mode banner asks once by itself, without Query).
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
