// What the signed-in user's plan allows (the server decides too; this drives locks and hints).
import { useSubscription } from "../../lib/subscription";

export interface AiPlan {
  canUseAi: boolean;
  canSummarize: boolean;
  loaded: boolean;
}

export function useAiPlan(): AiPlan {
  const { data } = useSubscription();
  const active = !!data?.isActive;
  const plan = data?.planName ?? "gratis";
  return {
    canUseAi: active && (plan === "creator" || plan === "professional"),
    canSummarize: active && plan === "professional",
    loaded: !!data,
  };
}
