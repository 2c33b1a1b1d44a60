// The plan a signed-out visitor chose on the pricing section, kept across sign-up /
// sign-in so checkout can start afterwards (spec: key intended_plan, valid 10 minutes).
export type IntendedPlan = { planName: string; priceId: string | null; timestamp: number };

export const INTENDED_PLAN_KEY = "intended_plan";
const INTENDED_PLAN_TTL_MS = 10 * 60 * 1000;

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null; // storage blocked (privacy mode): behave as if nothing is saved
  }
}

export function saveIntendedPlan(p: IntendedPlan): void {
  try {
    storage()?.setItem(INTENDED_PLAN_KEY, JSON.stringify(p));
  } catch (err) {
    console.error("Saving the chosen plan failed", err);
  }
}

export function clearIntendedPlan(): void {
  try {
    storage()?.removeItem(INTENDED_PLAN_KEY);
  } catch {
    // nothing to clear
  }
}

function isIntendedPlan(v: unknown): v is IntendedPlan {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  return (
    typeof o.planName === "string" &&
    (o.priceId === null || typeof o.priceId === "string") &&
    typeof o.timestamp === "number" &&
    Number.isFinite(o.timestamp)
  );
}

/** The saved choice if fresh (< 10 min); stale or unparsable entries are removed. */
export function readIntendedPlan(now: number = Date.now()): IntendedPlan | null {
  const raw = storage()?.getItem(INTENDED_PLAN_KEY);
  if (!raw) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    console.error("Ignoring a corrupted saved plan choice", err);
    clearIntendedPlan();
    return null;
  }
  if (!isIntendedPlan(parsed)) {
    console.error("Ignoring a corrupted saved plan choice", parsed);
    clearIntendedPlan();
    return null;
  }
  const age = now - parsed.timestamp;
  if (age < 0 || age >= INTENDED_PLAN_TTL_MS) {
    clearIntendedPlan();
    return null;
  }
  return parsed;
}
