// The plan catalogue. Price identifiers come from the server's
// configuration (GET /api/stripe/plans); everything else a card shows is here.
export const PLAN_IDS = ["gratis", "creator", "professional"] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** How often a paid plan is billed. The terms offer monthly or annual billing. */
export const BILLING_INTERVALS = ["month", "year"] as const;
export type BillingInterval = (typeof BILLING_INTERVALS)[number];

/** Annual billing costs ten monthly payments: two months free. */
export const ANNUAL_MONTHS_CHARGED = 10;

export interface PlanDefinition {
  id: PlanId;
  name: string;
  /** Monthly price in US dollars. */
  price: number;
  /** Price of a year in US dollars (ANNUAL_MONTHS_CHARGED × price). */
  annualPrice: number;
  badge?: string;
  features: string[];
  /** Maximum documents; null = unlimited. */
  documentLimit: number | null;
  /** AI tokens per calendar month; 0 = no AI. */
  monthlyAiTokens: number;
}

export const PLANS: Record<PlanId, PlanDefinition> = {
  gratis: {
    id: "gratis",
    name: "Gratis",
    price: 0,
    annualPrice: 0,
    features: ["1 Workspace", "3 Documents", "Basic formatting", "Auto-save", "Export to PDF/Word", "7-day version history"],
    documentLimit: 3,
    monthlyAiTokens: 0,
  },
  creator: {
    id: "creator",
    name: "Creator",
    price: 12,
    annualPrice: 12 * ANNUAL_MONTHS_CHARGED,
    badge: "Most Popular",
    features: [
      "500 documents",
      "Basic AI assistance",
      "50K AI tokens per month",
      "Auto-save",
      "Export PDF/Word",
      "Advanced formatting",
      "90-day version history",
    ],
    documentLimit: 500,
    monthlyAiTokens: 50_000,
  },
  professional: {
    id: "professional",
    name: "Professional",
    price: 24,
    annualPrice: 24 * ANNUAL_MONTHS_CHARGED,
    features: [
      "Unlimited documents",
      "Advanced AI assistants",
      "100K AI tokens per month",
      "Frontier model access",
      "Advanced formatting",
      "Export",
      "Advanced export controls",
      "Remove Draftsmith badge",
      "Invite collaborators by email",
      "Unlimited version history",
    ],
    documentLimit: null,
    monthlyAiTokens: 100_000,
  },
};

/** Plan order from the spec: gratis (0) < creator (1) < professional (2). */
export const PLAN_ORDER: Record<PlanId, number> = { gratis: 0, creator: 1, professional: 2 };

/** What one billing period of `plan` costs, in US dollars. */
export function planPrice(plan: PlanId, interval: BillingInterval): number {
  return interval === "year" ? PLANS[plan].annualPrice : PLANS[plan].price;
}

/** Dollars saved per year by paying annually instead of twelve monthly payments. */
export function annualSaving(plan: PlanId): number {
  return PLANS[plan].price * 12 - PLANS[plan].annualPrice;
}

/** "/month" or "/year", as the price labels print it. */
export const intervalSuffix = (interval: BillingInterval) => (interval === "year" ? "/year" : "/month");

export function isBillingInterval(value: unknown): value is BillingInterval {
  return value === "month" || value === "year";
}

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === "string" && (PLAN_IDS as readonly string[]).includes(value);
}
