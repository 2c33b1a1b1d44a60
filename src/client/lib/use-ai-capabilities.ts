// What AI the signed-in user has right now: whether a language model serves them (their own
// connection or the server's) and whether ghost-text completion is on offer. In lib/ because
// the AI feature and the editor's side panel both show generative actions from it; the server
// enforces the same rules.
import { useQuery } from "@tanstack/react-query";
import type { AiCapabilities } from "../../shared/contracts/ai";
import { AI_CAPABILITIES_QUERY_KEY, fetchAiCapabilities, OFFLINE_CAPABILITIES } from "./ai-capabilities-query";

export interface AiCapabilitiesState extends AiCapabilities {
  /** False until the first answer: until then every field says "offline". */
  loaded: boolean;
}

/** Pass enabled:false while signed out (the route needs a session). */
export function useAiCapabilities(opts: { enabled?: boolean } = {}): AiCapabilitiesState {
  const { data, isFetched } = useQuery({
    queryKey: AI_CAPABILITIES_QUERY_KEY,
    queryFn: ({ signal }) => fetchAiCapabilities(signal),
    // The plan can change in another tab; the connection changes invalidate it at once.
    staleTime: 60_000,
    enabled: opts.enabled ?? true,
  });
  return { ...(data ?? OFFLINE_CAPABILITIES), loaded: isFetched };
}
