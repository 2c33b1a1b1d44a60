import { useId } from "react";
import type { PlansResponse } from "../../shared/contracts/billing";
import { ANNUAL_MONTHS_CHARGED, type BillingInterval, type PlanId, annualSaving, intervalSuffix, planPrice } from "../../shared/plans";
import { cn } from "../lib/cn";

const OPTIONS: { value: BillingInterval; label: string }[] = [
  { value: "month", label: "Monthly" },
  { value: "year", label: "Annual" },
];

/** "2 months free": what annual billing saves, from ANNUAL_MONTHS_CHARGED in src/shared/plans.ts. */
const ANNUAL_OFFER = `${12 - ANNUAL_MONTHS_CHARGED} months free`;

/** True when the server sells annual billing (always with the built-in checkout; with Stripe only when annual prices are configured). */
export const annualAvailable = (plans: PlansResponse | undefined) => !!plans?.intervals?.includes("year");

/** The price id to send for `plan` billed per `interval` (the annual id when there is one). */
export function checkoutPriceId(plans: PlansResponse | undefined, plan: PlanId, interval: BillingInterval): string | null {
  const p = plans?.plans.find((x) => x.id === plan);
  if (!p) return null;
  return interval === "year" ? (p.annualPriceId ?? null) : p.priceId;
}

/** "$120" + "/year" and, for a paid annual plan, "Save $24". */
export function priceLabel(plan: PlanId, interval: BillingInterval) {
  const saving = interval === "year" ? annualSaving(plan) : 0;
  return { amount: `$${planPrice(plan, interval)}`, suffix: intervalSuffix(interval), saving: saving > 0 ? `Save $${saving}` : null };
}

/** Monthly / Annual segmented switch: two native radio buttons (arrow keys move between them). */
export function IntervalSwitch({
  value,
  onChange,
  className,
  disabled,
}: {
  value: BillingInterval;
  onChange: (v: BillingInterval) => void;
  className?: string;
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className={cn("inline-flex items-center gap-1 rounded-full border bg-muted/50 p-1 text-sm", className)} disabled={disabled}>
      <legend className="sr-only">Billing period</legend>
      {OPTIONS.map((o) => {
        const checked = value === o.value;
        return (
          <label
            key={o.value}
            className={cn(
              "cursor-pointer rounded-full px-3 py-1.5 font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring has-[:disabled]:cursor-default has-[:disabled]:opacity-50",
              checked ? "bg-background text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            <input
              type="radio"
              className="sr-only"
              name={name}
              value={o.value}
              checked={checked}
              onChange={() => onChange(o.value)}
            />
            {o.label}
            {o.value === "year" && <span className="ml-1.5 text-xs font-semibold text-primary">{ANNUAL_OFFER}</span>}
          </label>
        );
      })}
    </fieldset>
  );
}
