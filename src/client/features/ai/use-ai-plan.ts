// What the signed-in user's plan allows (the server decides too; this drives locks and hints).
// A user's own model connection serves every AI action on any plan.
import { useSubscription } from "../../lib/subscription";
import { useAiCapabilities } from "./use-ai-capabilities";

export interface AiPlan {
  canUseAi: boolean;
  canSummarize: boolean;
  loaded: boolean;
}

export function useAiPlan(): AiPlan {
  const { data } = useSubscription();
  const capabilities = useAiCapabilities();
  const active = !!data?.isActive;
  const plan = data?.planName ?? "gratis";
  const own = capabilities.source === "user";
  return {
    canUseAi: own || (active && (plan === "creator" || plan === "professional")),
    canSummarize: own || (active && plan === "professional"),
    loaded: !!data,
  };
}
