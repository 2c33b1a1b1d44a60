import { useEffect, useRef, useState } from "react";
import { Link, useSearch } from "wouter";
import type { PlanChangeRequest, PortalActionRequest, SubscriptionStatusResponse } from "../../../shared/contracts/billing";
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
import { PlanChangeDialog, type PlanChoice } from "./plan-change-dialog";

const PAID: PlanId[] = ["creator", "professional"];

/**
 * /billing/portal — the billing page: the plan and its renewal, a plan change scheduled for
 * the end of the period (cancellable), switching plans through a dialog that states the
 * charge, invoices. With the built-in checkout it also cancels and resumes; with Stripe,
 * card details and cancelling are in Stripe's portal (Manage Billing).
 */
export function BillingPortal() {
  const subscription = useSubscription();
  const plans = usePlans();
  const search = new URLSearchParams(useSearch());
  const wanted = search.get("switch");
  const wantedInterval = search.get("interval");
  const [chosenInterval, setChosenInterval] = useState<BillingInterval | null>(isBillingInterval(wantedInterval) ? wantedInterval : null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const opened = useRef(false);

  async function change(req: PlanChangeRequest) {
    setBusy(`switch-${req.plan}`);
    try {
      const s = await apiJson<SubscriptionStatusResponse>("POST", "/api/billing/change", req);
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, s);
      void queryClient.invalidateQueries({ queryKey: INVOICES_QUERY_KEY });
      const name = PLANS[req.plan].name;
      toast({
        title: "Subscription updated",
        description: s.scheduledChange
          ? `You move to ${name} on ${formatDate(s.scheduledChange.effectiveAt)}.`
          : `You are now on the ${name} plan, billed ${req.interval === "year" ? "annually" : "monthly"}.`,
      });
      setChoice(null);
    } catch (err) {
      toast({ title: "Portal Error", description: serverMessage(err, "Failed to update your subscription. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function keepPlan() {
    setBusy("keep");
    try {
      const s = await apiJson<SubscriptionStatusResponse>("DELETE", "/api/billing/scheduled-change");
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, s);
      toast({ title: "Subscription updated", description: `Your plan stays as it is and renews on ${formatDate(s.currentPeriodEnd)}.` });
    } catch (err) {
      toast({ title: "Portal Error", description: serverMessage(err, "Failed to update your subscription. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  // Arriving from a plan card (/billing/portal?switch=professional): ask about that change at once.
  const sub = subscription.data;
  useEffect(() => {
    if (opened.current || !sub?.isActive || sub.cancelAtPeriodEnd || !isPlanId(wanted) || wanted === "gratis") return;
    opened.current = true;
    const interval: BillingInterval = isBillingInterval(wantedInterval) ? wantedInterval : isBillingInterval(sub.interval) ? sub.interval : "month";
    if (wanted !== sub.planName || interval !== sub.interval) setChoice({ plan: wanted, interval });
  }, [sub, wanted, wantedInterval]);

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
  const stripe = plans.data?.provider === "stripe";
  const s = subscription.data;
  const scheduled = s?.scheduledChange ?? null;
  const active = !!s?.isActive && isPlanId(s.planName) && s.planName !== "gratis";
  const current: PlanId = active && isPlanId(s.planName) ? s.planName : "gratis";
  const plan = PLANS[current];
  const ends = formatDate(s?.currentPeriodEnd);
  const billedPer = s?.interval;
  const currentInterval: BillingInterval = isBillingInterval(billedPer) ? billedPer : "month";
  const switchInterval: BillingInterval = annualAvailable(plans.data) ? (chosenInterval ?? currentInterval) : "month";
  const per = (i: BillingInterval) => (i === "year" ? "/ year" : "/ month");
  // Every paid plan at the chosen period, except the one the user has and the one already scheduled.
  const switchable = PAID.filter(
    (p) => (p !== current || switchInterval !== currentInterval) && !(scheduled?.plan === p && scheduled.interval === switchInterval),
  );

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
            <div className="space-y-3">
              <p data-testid="renewal">
                {s?.cancelAtPeriodEnd
                  ? `Ends on ${ends}. You keep every feature until then.`
                  : scheduled
                    ? `Paid until ${ends}.`
                    : `Renews on ${ends}.`}
              </p>
              {scheduled && (
                <div data-testid="scheduled-change" className="rounded-lg border border-primary/40 bg-primary/5 p-3">
                  <p className="font-medium">
                    {scheduled.planName === plan.name
                      ? `${scheduled.interval === "year" ? "Annual" : "Monthly"} billing from ${formatDate(scheduled.effectiveAt)}`
                      : `${scheduled.planName} from ${formatDate(scheduled.effectiveAt)}`}
                  </p>
                  <p className="mt-1 text-muted-foreground">
                    Then {formatPrice(scheduled.amount)} {per(scheduled.interval)}. Nothing more is charged before then.
                  </p>
                  <Button className="mt-3" size="sm" variant="outline" disabled={busy !== null} onClick={() => void keepPlan()}>
                    {busy === "keep" ? "Processing..." : `Keep ${plan.name} ${currentInterval === "year" ? "annual" : "monthly"}`}
                  </Button>
                </div>
              )}
            </div>
          ) : (
            <p>
              Upgrade to unlock AI writing tools.{" "}
              <a className="font-medium text-primary underline-offset-4 hover:underline" href="/#pricing">
                View plans
              </a>
            </p>
          )}
        </CardContent>
        {stripe && (
          <CardFooter className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={() => void openBillingPortal()}>
              Manage Billing
            </Button>
          </CardFooter>
        )}
        {active && !stripe && (
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

      {active && s?.cancelAtPeriodEnd && (
        <p className="text-sm text-muted-foreground">Resume your subscription to change plans.</p>
      )}
      {active && !s?.cancelAtPeriodEnd && (
        <section aria-labelledby="switch-heading" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="switch-heading" className="text-lg font-semibold">
              Switch plan
            </h2>
            {annualAvailable(plans.data) && <IntervalSwitch value={switchInterval} onChange={setChosenInterval} />}
          </div>
          {switchable.length === 0 && (
            <p className="text-sm text-muted-foreground">
              Your next plan is already chosen. Choose {switchInterval === "year" ? "Monthly" : "Annual"} to see other plans.
            </p>
          )}
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
                    onClick={() => setChoice({ plan: p as "creator" | "professional", interval: switchInterval })}
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

      <PlanChangeDialog choice={choice} current={current} busy={busy?.startsWith("switch-") ?? false} onCancel={() => setChoice(null)} onConfirm={(req) => void change(req)} />

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
