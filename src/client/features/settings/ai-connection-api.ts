// Client side of the user's own model connection (/api/ai/connection). Every change also
// refreshes the AI capabilities, which decide which AI actions the editor offers.
import { useQuery } from "@tanstack/react-query";
import type { AiConnectionInput, AiConnectionResponse } from "../../../shared/contracts/ai-connections";
import { invalidateAiCapabilities } from "../../lib/ai-capabilities-query";
import { apiJson, apiRequest } from "../../lib/api";
import { queryClient } from "../../lib/query-client";

const CONNECTION_URL = "/api/ai/connection";
const CONNECTION_QUERY_KEY = [CONNECTION_URL] as const;

export function useAiConnectionQuery() {
  return useQuery({
    queryKey: CONNECTION_QUERY_KEY,
    queryFn: ({ signal }) => apiJson<AiConnectionResponse>("GET", CONNECTION_URL, undefined, { signal }),
  });
}

/** Tests the connection on the server and saves it when the test passes (throws ApiError otherwise). */
export async function saveAiConnection(input: AiConnectionInput): Promise<AiConnectionResponse> {
  const saved = await apiJson<AiConnectionResponse>("PUT", CONNECTION_URL, input);
  queryClient.setQueryData(CONNECTION_QUERY_KEY, saved);
  await invalidateAiCapabilities();
  return saved;
}

export async function removeAiConnection(): Promise<void> {
  await apiRequest("DELETE", CONNECTION_URL);
  queryClient.setQueryData<AiConnectionResponse>(CONNECTION_QUERY_KEY, { connection: null });
  await invalidateAiCapabilities();
}
