import { useState } from "react";
import { Link, useSearch } from "wouter";
import type { PortalActionRequest, SubscriptionStatusResponse } from "../../../shared/contracts/billing";
import { type BillingInterval, PLAN_ORDER, PLANS, type PlanId, isBillingInterval, isPlanId, planPrice } from "../../../shared/plans";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Spinner } from "../../components/ui/spinner";
import { apiJson } from "../../lib/api";
import { openBillingPortal } from "../../lib/checkout";
import { queryClient } from "../../lib/query-client";
import { SUBSCRIPTION_QUERY_KEY, useSubscription } from "../../lib/subscription";
import { toast } from "../../lib/toast";
import { formatDate, formatPrice, serverMessage } from "./format";
import { IntervalSwitch, annualAvailable } from "../../components/interval-switch";
import { INVOICES_QUERY_KEY, InvoiceList } from "./invoice-list";
import { usePlans } from "../../lib/plans-query";

const PAID: PlanId[] = ["creator", "professional"];

/** /billing/portal — the built-in billing portal: cancel at period end, resume, switch plan. */
export function BillingPortal() {
  const subscription = useSubscription();
  const plans = usePlans();
  const search = new URLSearchParams(useSearch());
  const wanted = search.get("switch");
  const wantedInterval = search.get("interval");
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(isBillingInterval(wantedInterval) ? wantedInterval : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);

  async function act(req: PortalActionRequest, done: (s: SubscriptionStatusResponse) => string) {
    setBusy(req.action === "switch" ? `switch-${req.plan}` : req.action);
    try {
      const s = await apiJson<SubscriptionStatusResponse>("POST", "/api/stripe/portal", req);
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, s);
      // A switch is invoiced (src/server/billing/builtin-portal.ts).
      void queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
      toast({ title: "Subscription updated", description: done(s) });
    } catch (err) {
      toast({ title: "Portal Error", description: serverMessage(err, "Failed to update your subscription. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  if (subscription.isPending || plans.isPending) return <Spinner label="Loading billing" className="size-8" />;
  if (plans.data?.provider === "stripe") {
    return (
      <Card className="w-full max-w-lg text-center">
        <CardHeader>
          <CardTitle asHeading="h1" className="text-2xl">Billing</CardTitle>
          <CardDescription>Your subscription is managed in the secure billing portal.</CardDescription>
        </CardHeader>
        <CardFooter className="justify-center">
          <Button onClick={() => void openBillingPortal()}>Manage Billing</Button>
        </CardFooter>
        <CardContent className="text-left">
          <InvoiceList />
        </CardContent>
      </Card>
    );
  }

  const s = subscription.data;
  const active = !!s?.isActive && isPlanId(s.planName) && s.planName !== "gratis";
  const current: PlanId = active && isPlanId(s.planName) ? s.planName : "gratis";
  const plan = PLANS[current];
  const ends = formatDate(s?.currentPeriodEnd);
  const billedPer = s?.interval;
  const currentInterval: BillingInterval = isBillingInterval(billedPer) ? billedPer : "month";
  const switchInterval: BillingInterval = annualAvailable(plans.data) ? (chosenInterval ?? currentInterval) : "month";
  const per = (i: BillingInterval) => (i === "year" ? "/ year" : "/ month");
  // Every paid plan at the chosen period, except the one the user already has.
  const switchable = PAID.filter((p) => p !== current || switchInterval !== currentInterval);

  return (
    <div className="w-full max-w-2xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Billing</h1>
        <p className="text-muted-foreground">Manage your Draftsmith subscription.</p>
      </div>
      <Card>
        <CardHeader>
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle asHeading="h2" className="text-xl">
              {plan.name} plan
            </CardTitle>
            <Badge variant={active ? "success" : "secondary"}>{active ? (s?.cancelAtPeriodEnd ? "Ending" : "Active") : "Inactive"}</Badge>
          </div>
          <CardDescription>
            {active ? `${formatPrice(planPrice(current, currentInterval))} ${per(currentInterval)}` : "Free plan with basic features"}
          </CardDescription>
        </CardHeader>
        <CardContent className="text-sm">
          {active ? (
            <p data-testid="renewal">
              {s?.cancelAtPeriodEnd ? "Ends" : "Renews"} on {ends}
              {s?.cancelAtPeriodEnd ? ". You keep every feature until then." : "."}
            </p>
          ) : (
            <p>
              Upgrade to unlock AI writing tools.{" "}
              <a className="font-medium text-primary underline-offset-4 hover:underline" href="/#pricing">
                View plans
              </a>
            </p>
          )}
        </CardContent>
        {active && (
          <CardFooter className="flex flex-wrap gap-3">
            {s?.cancelAtPeriodEnd ? (
              <Button
                disabled={busy !== null}
                onClick={() => void act({ action: "resume" }, (n) => `Your ${plan.name} plan renews on ${formatDate(n.currentPeriodEnd)}.`)}
              >
                {busy === "resume" ? "Processing..." : "Resume subscription"}
              </Button>
            ) : (
              <Button variant="outline" disabled={busy !== null} onClick={() => setConfirmCancel(true)}>
                {busy === "cancel" ? "Processing..." : "Cancel at period end"}
              </Button>
            )}
          </CardFooter>
        )}
      </Card>

      {active && (
        <section aria-labelledby="switch-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="switch-heading" className="text-lg font-semibold">
              Switch plan
            </h2>
            {annualAvailable(plans.data) && <IntervalSwitch value={switchInterval} onChange={setChosenInterval} />}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {switchable.map((p) => (
              <Card key={p} className={wanted === p ? "border-primary ring-1 ring-primary" : undefined}>
                <CardHeader>
                  <CardTitle asHeading="h3">{PLANS[p].name}</CardTitle>
                  <CardDescription>
                    {formatPrice(planPrice(p, switchInterval))} {per(switchInterval)}
                  </CardDescription>
                </CardHeader>
                <CardFooter>
                  <Button
                    disabled={busy !== null}
                    variant={PLAN_ORDER[p] > PLAN_ORDER[current] ? "default" : "outline"}
                    onClick={() =>
                      void act(
                        { action: "switch", plan: p as "creator" | "professional", interval: switchInterval },
                        () => `You are now on the ${PLANS[p].name} plan, billed ${switchInterval === "year" ? "annually" : "monthly"}.`,
                      )
                    }
                  >
                    {busy === `switch-${p}`
                      ? "Processing..."
                      : p === current
                        ? `Switch to ${switchInterval === "year" ? "annual" : "monthly"} billing`
                        : `Switch to ${PLANS[p].name}`}
                  </Button>
                </CardFooter>
              </Card>
            ))}
          </div>
        </section>
      )}

      <InvoiceList />

      <Button asChild variant="ghost">
        <Link href="/">Back to Dashboard</Link>
      </Button>

      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title="Cancel subscription?"
        description={`Your ${plan.name} plan stays active until ${ends}. After that you return to the free plan; your documents are kept.`}
        cancelLabel="Keep subscription"
        confirmLabel="Cancel at period end"
        onConfirm={() => void act({ action: "cancel" }, (n) => `Your plan ends on ${formatDate(n.currentPeriodEnd)}.`)}
      />
    </div>
  );
}
