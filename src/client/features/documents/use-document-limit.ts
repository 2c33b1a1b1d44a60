// The plan's document limit as the dashboard shows it. The server enforces it (402); this
// only lets the dashboard say so before the user tries.
import { PLANS, isPlanId } from "../../../shared/plans";
import { useSubscription } from "../../lib/subscription";
import { useDocuments } from "./use-documents";

export interface DocumentLimitState {
  planName: string;
  /** null = unlimited. */
  limit: number | null;
  count: number;
  atLimit: boolean;
}

export function useDocumentLimit(): DocumentLimitState | null {
  const subscription = useSubscription();
  // The same query as the dashboard's list; its answer carries the total of every page.
  const documents = useDocuments();
  if (!subscription.data || documents.total === undefined) return null;
  const plan = subscription.data.isActive && isPlanId(subscription.data.planName) ? subscription.data.planName : "gratis";
  const limit = PLANS[plan].documentLimit;
  const count = documents.total;
  return { planName: PLANS[plan].name, limit, count, atLimit: limit !== null && count >= limit };
}
