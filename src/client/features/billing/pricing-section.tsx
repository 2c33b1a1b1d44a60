import { Check } from "lucide-react";
import { useState } from "react";
import { useLocation } from "wouter";
import { planButton } from "../../../shared/plan-button";
import { type BillingInterval, isBillingInterval, PLAN_IDS, PLANS, type PlanId } from "../../../shared/plans";
import { useAuth } from "../../lib/auth-provider";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { startCheckout } from "../../lib/checkout";
import { saveIntendedPlan } from "../../lib/intended-plan";
import { useSubscription } from "../../lib/subscription";
import { toast } from "../../lib/toast";
import { IntervalSwitch, annualAvailable, checkoutPriceId, priceLabel } from "../../components/interval-switch";
import { usePlans } from "../../lib/plans-query";

const SALES_EMAIL = "sales@draftsmith.app";

/** The landing page's pricing section (anchor "pricing"): three plan cards and their buttons. */
export function PricingSection() {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const plans = usePlans();
  const subscription = useSubscription({ enabled: !!user });
  const [processing, setProcessing] = useState<PlanId | null>(null);
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(null);
  const canAnnual = annualAvailable(plans.data);
  const currentPlan = user ? (subscription.data?.isActive ? subscription.data.planName : "gratis") : null;
  // A signed-in annual subscriber sees annual prices beside their "Current Plan" card until they
  // switch, as in Settings; everyone else starts on monthly prices.
  const currentInterval = user && subscription.data?.isActive && isBillingInterval(subscription.data.interval) ? subscription.data.interval : null;
  const interval: BillingInterval = canAnnual ? (chosenInterval ?? currentInterval ?? "month") : "month";

  const priceIdOf = (plan: PlanId) => checkoutPriceId(plans.data, plan, interval);

  async function choose(plan: PlanId) {
    const priceId = priceIdOf(plan);
    if (!user) {
      // Signed out: remember the choice; sign-up (or sign-in) starts checkout afterwards.
      saveIntendedPlan({ planName: plan, priceId, timestamp: Date.now() });
      navigate("/signup");
      return;
    }
    if (plan === "gratis") {
      toast({ title: "Free Plan", description: "You're already on the free plan. Upgrade to unlock premium features." });
      return;
    }
    if (!priceId) {
      toast({ title: "Error", description: "Price information not available.", variant: "destructive" });
      return;
    }
    setProcessing(plan);
    try {
      await startCheckout(priceId, interval);
    } finally {
      setProcessing(null);
    }
  }

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="scroll-mt-16 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mb-10 text-center">
          <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight">
            Simple, transparent pricing
          </h2>
          <p className="mt-2 text-muted-foreground">Start free. Upgrade when you need AI help and more documents.</p>
          {canAnnual && <IntervalSwitch className="mt-6" value={interval} onChange={setChosenInterval} />}
        </div>
        <div className="grid gap-6 md:grid-cols-3">
          {PLAN_IDS.map((id) => {
            const plan = PLANS[id];
            const state = planButton({
              plan: id,
              currentPlan,
              processing: processing === id,
              forSale: plans.data?.provider !== "disabled",
            });
            const waiting = !!user && subscription.isPending;
            const price = priceLabel(id, interval);
            return (
              <Card
                key={id}
                data-testid={`plan-${id}`}
                className={plan.badge ? "relative border-primary shadow-md ring-1 ring-primary" : "relative"}
              >
                {plan.badge && (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">{plan.badge}</Badge>
                )}
                <CardHeader>
                  <CardTitle asHeading="h3" className="text-xl">
                    {plan.name}
                  </CardTitle>
                  <CardDescription data-testid={`price-${id}`}>
                    <span className="text-3xl font-bold text-foreground">{price.amount}</span>
                    <span className="text-muted-foreground">{price.suffix}</span>
                    {price.saving && (
                      <span className="ml-2 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-semibold text-primary">
                        {price.saving}
                      </span>
                    )}
                  </CardDescription>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2 text-sm">
                    {plan.features.map((f) => (
                      <li key={f} className="flex items-start gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                        <span>{f}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button
                    className="w-full"
                    variant={plan.badge ? "default" : "outline"}
                    disabled={state.disabled || waiting || (processing !== null && processing !== id)}
                    onClick={() => void choose(id)}
                  >
                    {state.label}
                  </Button>
                </CardFooter>
              </Card>
            );
          })}
        </div>
        <p className="mt-8 text-center text-sm text-muted-foreground">
          All plans include our 14-day money-back guarantee
        </p>
        <p className="mt-2 text-center text-sm">
          Need a team plan or invoicing?{" "}
          <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${SALES_EMAIL}`}>
            Contact sales
          </a>
        </p>
      </div>
    </section>
  );
}
