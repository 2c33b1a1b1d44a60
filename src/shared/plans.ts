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
  /** Bytes of stored images (after re-encoding) across the user's own documents. */
  imageStorageBytes: number;
}

/** Plan order from the spec: gratis (0) < creator (1) < professional (2). */
export const PLAN_ORDER: Record<PlanId, number> = { gratis: 0, creator: 1, professional: 2 };

// ── What AI each plan includes: the one rule every surface reads ─────────────────────────
// The server's gate (server/ai/gating.ts), the capabilities it reports, the toolbar, the
// assistant panel, the lock icons and their explanations, the error toasts and the pricing
// cards all ask aiAccess() or read AI_RULES, so they cannot disagree.
//  - Grammar and spelling checks and the readability measurement run in the built-in offline
//    engine, spend no tokens, and are the basic AI every plan includes.
//  - The editing tools (improve, rewrite, tone, alternatives, outline) need Creator.
//  - Summaries and ghost-text completion as you type need Professional.
//  - Writing new text (continue, Ask AI, expand) needs a language model as well as the plan:
//    the server's model or the user's own connection. A user's own connection serves every
//    action on any plan (they pay their model server, not the allowance).

/** Every AI action the server answers, by the name its gate and its errors use. */
export const AI_ACTIONS = [
  "grammar",
  "analyze",
  "improve",
  "rewrite",
  "tone",
  "alternatives",
  "rephrase",
  "suggestions",
  "outline",
  "summarize",
  "complete",
  "expand",
  "ask",
  "inline",
] as const;
export type AiAction = (typeof AI_ACTIONS)[number];

export interface AiRule {
  /** The action's name in messages ("Summarize needs the Professional plan."). */
  name: string;
  /** The cheapest plan that includes it. */
  plan: PlanId;
  /** It writes new text, which only a language model does (the offline engine answers 409 model_required). */
  needsModel: boolean;
  /** The line the pricing cards list for it (actions sharing a line share it). */
  pricing: string;
}

const BASIC = "Basic AI: grammar, spelling and readability checks";
const EDITING = "AI improve, rewrite, tone and outline";
const WRITING = "AI continue writing, expand and Ask AI (with a language model)";

export const AI_RULES: Record<AiAction, AiRule> = {
  grammar: { name: "Grammar", plan: "gratis", needsModel: false, pricing: BASIC },
  analyze: { name: "Readability", plan: "gratis", needsModel: false, pricing: BASIC },
  improve: { name: "Improve", plan: "creator", needsModel: false, pricing: EDITING },
  rewrite: { name: "Rewrite", plan: "creator", needsModel: false, pricing: EDITING },
  tone: { name: "Tone", plan: "creator", needsModel: false, pricing: EDITING },
  alternatives: { name: "Alternatives", plan: "creator", needsModel: false, pricing: EDITING },
  rephrase: { name: "Rephrase", plan: "creator", needsModel: false, pricing: EDITING },
  suggestions: { name: "Rewriting suggestions", plan: "creator", needsModel: false, pricing: EDITING },
  outline: { name: "Outline", plan: "creator", needsModel: false, pricing: EDITING },
  complete: { name: "Continue writing", plan: "creator", needsModel: true, pricing: WRITING },
  expand: { name: "Expand", plan: "creator", needsModel: true, pricing: WRITING },
  ask: { name: "Ask AI", plan: "creator", needsModel: true, pricing: WRITING },
  summarize: { name: "Summarize", plan: "professional", needsModel: false, pricing: "AI summaries" },
  inline: {
    name: "Completion as you type",
    plan: "professional",
    needsModel: true,
    pricing: "Sentence completion as you type (with a language model)",
  },
};

export type AiAccess =
  | { kind: "allowed" }
  | { kind: "plan"; plan: PlanId; message: string }
  | { kind: "model"; message: string };

export interface AiAccessInput {
  /** The user's plan as it counts now (an inactive subscription is Gratis). */
  plan: PlanId;
  /** A language model serves this user (the server's or their own). */
  model: boolean;
  /** The user's own model connection: every action on any plan. */
  ownModel?: boolean;
}

/** "Summarize needs the Professional plan." */
export const upgradeMessage = (action: AiAction) => `${AI_RULES[action].name} needs the ${PLANS[AI_RULES[action].plan].name} plan.`;

/** "Continue writing needs a language model. Connect one in Settings." */
export const modelMessage = (action: AiAction) => `${AI_RULES[action].name} needs a language model. Connect one in Settings.`;

/** Whether `plan` includes `action` (the plan part of aiAccess, which the server's gate applies). */
export const planIncludes = (plan: PlanId, action: AiAction) => PLAN_ORDER[plan] >= PLAN_ORDER[AI_RULES[action].plan];

/** May this user run `action` now; if not, the plan it needs or that it needs a model. */
export function aiAccess({ plan, model, ownModel = false }: AiAccessInput, action: AiAction): AiAccess {
  if (ownModel) return { kind: "allowed" };
  const rule = AI_RULES[action];
  if (!planIncludes(plan, action)) return { kind: "plan", plan: rule.plan, message: upgradeMessage(action) };
  if (rule.needsModel && !model) return { kind: "model", message: modelMessage(action) };
  return { kind: "allowed" };
}

/** The pricing lines for the AI `plan` includes, in the table's order (each line once). */
export function aiPricingLines(plan: PlanId): string[] {
  return [...new Set(AI_ACTIONS.filter((a) => planIncludes(plan, a)).map((a) => AI_RULES[a].pricing))];
}

/**
 * The editor's one-line AI status: "AI Writing Enabled" when more than the basic AI is
 * included, "Basic AI: grammar, spelling and readability checks" when only that is.
 */
export function aiStatus(input: AiAccessInput): { label: string; full: boolean } {
  const beyondBasic = AI_ACTIONS.some((a) => AI_RULES[a].plan !== "gratis" && aiAccess(input, a).kind !== "plan");
  return beyondBasic ? { label: "AI Writing Enabled", full: true } : { label: BASIC, full: false };
}

/** The user's plan as it counts now: an inactive subscription or an unknown name is Gratis. */
export function effectivePlan(sub: { planName?: string | null; isActive?: boolean } | null | undefined): PlanId {
  return sub?.isActive && isPlanId(sub.planName) ? sub.planName : "gratis";
}

const MB = 1024 * 1024;

/**
 * A line a dearer plan lists in place of a cheaper plan's (more of the same). Every other
 * line a cheaper plan lists, the dearer ones list too (plans-texts.test.ts).
 */
export const FEATURE_UPGRADES: Record<string, string> = {
  "3 documents": "500 documents",
  "500 documents": "Unlimited documents",
  "Basic formatting": "Advanced formatting",
  "7-day version history": "90-day version history",
  "90-day version history": "Unlimited version history",
  "50K AI tokens per month": "100K AI tokens per month",
};

export const PLANS: Record<PlanId, PlanDefinition> = {
  gratis: {
    id: "gratis",
    name: "Gratis",
    price: 0,
    annualPrice: 0,
    features: ["3 documents", ...aiPricingLines("gratis"), "Basic formatting", "Auto-save", "Export to PDF/Word", "7-day version history"],
    documentLimit: 3,
    monthlyAiTokens: 0,
    imageStorageBytes: 100 * MB,
  },
  creator: {
    id: "creator",
    name: "Creator",
    price: 12,
    annualPrice: 12 * ANNUAL_MONTHS_CHARGED,
    badge: "Most Popular",
    features: [
      "500 documents",
      ...aiPricingLines("creator"),
      "50K AI tokens per month",
      "Advanced formatting",
      "Auto-save",
      "Export to PDF/Word",
      "90-day version history",
    ],
    documentLimit: 500,
    monthlyAiTokens: 50_000,
    imageStorageBytes: 2048 * MB,
  },
  professional: {
    id: "professional",
    name: "Professional",
    price: 24,
    annualPrice: 24 * ANNUAL_MONTHS_CHARGED,
    features: [
      "Unlimited documents",
      ...aiPricingLines("professional"),
      "100K AI tokens per month",
      "Advanced formatting",
      "Auto-save",
      "Export to PDF/Word",
      "Advanced export controls",
      "Remove Draftsmith badge",
      "Invite collaborators by email",
      "Unlimited version history",
    ],
    documentLimit: null,
    monthlyAiTokens: 100_000,
    imageStorageBytes: 10240 * MB,
  },
};

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
