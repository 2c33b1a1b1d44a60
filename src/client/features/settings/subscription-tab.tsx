import { CreditCard } from "lucide-react";
import { useState } from "react";
import { type BillingInterval, isBillingInterval, isPlanId, PLAN_IDS, PLANS, type PlanId } from "../../../shared/plans";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { IntervalSwitch, annualAvailable, checkoutPriceId, priceLabel } from "../../components/interval-switch";
import { openBillingPortal, startCheckout } from "../../lib/checkout";
import { INACTIVE_SUBSCRIPTION, useSubscription } from "../../lib/subscription";
import { usePlans } from "../../lib/plans-query";
import { toast } from "../../lib/toast";
import { planButton } from "../../../shared/plan-button";
import { ImageStorageSection } from "./image-storage-section";

function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

/** Subscription tab: plan and status badges, renewal date, Manage Billing, and the plans. */
export function SubscriptionTab() {
  const subscription = useSubscription();
  const plans = usePlans();
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const [openingPortal, setOpeningPortal] = useState(false);
  // null until the user picks a period: the plans then show the one they are billed by.
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);
  const canAnnual = annualAvailable(plans.data);

  if (subscription.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  const sub = subscription.data ?? INACTIVE_SUBSCRIPTION;
  const currentPlan: PlanId = sub.isActive && isPlanId(sub.planName) ? sub.planName : "gratis";
  const status = sub.status || (sub.isActive ? "active" : "inactive");
  // An older server sends no interval: the badge is then left out.
  const currentInterval: BillingInterval | null = sub.isActive && isBillingInterval(sub.interval) ? sub.interval : null;
  // An annual subscriber sees annual prices beside their "Current Plan" card, not monthly ones.
  const interval: BillingInterval = canAnnual ? (chosenInterval ?? currentInterval ?? "month") : "month";

  async function upgrade(plan: PlanId) {
    const priceId = checkoutPriceId(plans.data, plan, interval);
    if (!priceId) {
      toast({ title: "Error", description: "Failed to start checkout process. Please try again.", variant: "destructive" });
      return;
    }
    setProcessing(plan);
    try {
      await startCheckout(priceId, interval);
    } finally {
      setProcessing(null);
    }
  }

  async function manage() {
    setOpeningPortal(true);
    try {
      await openBillingPortal();
    } finally {
      setOpeningPortal(false);
    }
  }

  return (
    <div className="grid gap-6">
      <section aria-labelledby="sub-current" className="grid gap-3 rounded-lg border p-4">
        <h3 id="sub-current" className="text-sm font-medium">
          Current plan
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <Badge>{PLANS[currentPlan].name}</Badge>
          {currentInterval && (
            <Badge variant="outline" data-testid="billing-interval">
              {currentInterval === "year" ? "Billed annually" : "Billed monthly"}
            </Badge>
          )}
          <Badge variant={sub.isActive ? "success" : "secondary"} className="capitalize">
            {status.replaceAll("_", " ")}
          </Badge>
        </div>
        {sub.isActive ? (
          sub.currentPeriodEnd && (
            <p className="text-sm text-muted-foreground">
              {sub.cancelAtPeriodEnd ? "Ends" : "Renews"} {formatDate(sub.currentPeriodEnd)}
            </p>
          )
        ) : (
          <p className="text-sm text-muted-foreground">Free plan with basic features</p>
        )}
        {sub.isActive && (
          <Button variant="outline" className="w-fit" onClick={manage} disabled={openingPortal}>
            <CreditCard aria-hidden="true" />
            {openingPortal ? "Opening..." : "Manage Billing"}
          </Button>
        )}
      </section>

      <ImageStorageSection />

      <section aria-labelledby="sub-plans" className="grid gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="sub-plans" className="text-sm font-medium">
            Available plans
          </h3>
          {canAnnual && <IntervalSwitch value={interval} onChange={setChosenInterval} />}
        </div>
        <ul className="grid gap-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const button = planButton({ plan: id, currentPlan, processing: processing === id });
            const price = priceLabel(id, interval);
            return (
              <li key={id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-4">
                <div className="min-w-0">
                  <p className="font-medium">
                    {plan.name}{" "}
                    <span className="text-muted-foreground">
                      · {price.amount}
                      {price.suffix}
                    </span>
                    {price.saving && <span className="ml-2 text-xs font-semibold text-primary">{price.saving}</span>}
                  </p>
                  <p className="text-sm text-muted-foreground">{plan.features.slice(0, 3).join(" · ")}</p>
                </div>
                <Button
                  size="sm"
                  variant={button.kind === "upgrade" ? "default" : "outline"}
                  disabled={button.disabled || (processing !== null && processing !== id)}
                  onClick={button.kind === "upgrade" ? () => upgrade(id) : undefined}
                >
                  {button.label}
                </Button>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
