import { useQuery } from "@tanstack/react-query";
import { CreditCard, FlaskConical } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { Link, useLocation } from "wouter";
import type { TestCheckoutDetails, TestCheckoutPayResponse, UrlResponse } from "../../../shared/contracts/billing";
import { type BillingInterval, isPlanId } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { apiJson, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { formatPrice, serverMessage } from "./format";
import { IntervalSwitch, annualAvailable, checkoutPriceId, priceLabel } from "../../components/interval-switch";
import { usePlans } from "../../lib/plans-query";

/** /checkout/test/:sessionId — the built-in checkout: a test payment, no card is charged. */
export function TestCheckout({ sessionId }: { sessionId: string }) {
  const [, navigate] = useLocation();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState<"pay" | "cancel" | "interval" | null>(null);
  const plans = usePlans();
  const url = `/api/stripe/test-checkout/${encodeURIComponent(sessionId)}`;
  const details = useQuery({
    queryKey: [url],
    queryFn: ({ signal }) => apiJson<TestCheckoutDetails>("GET", url, undefined, { signal }),
  });

  async function pay(e: FormEvent) {
    e.preventDefault();
    setBusy("pay");
    try {
      const body = details.data?.needsEmail ? { email: email.trim() } : {};
      const res = await apiJson<TestCheckoutPayResponse>("POST", `${url}/pay`, body);
      window.location.assign(res.redirectUrl);
    } catch (err) {
      toast({ title: "Payment Error", description: serverMessage(err, "Failed to complete the payment. Please try again."), variant: "destructive" });
      setBusy(null);
      void details.refetch();
    }
  }

  async function cancel() {
    setBusy("cancel");
    try {
      await apiJson("POST", `${url}/cancel`);
    } catch (err) {
      console.error("Cancelling the checkout failed", err);
    }
    navigate("/subscription-cancel");
  }

  /**
   * A checkout session is bought at one price, so changing the billing period starts a new
   * session for the same plan (the server checks the price) and retires this one.
   */
  async function changeInterval(interval: BillingInterval) {
    const d = details.data;
    if (!d || d.interval === interval || !isPlanId(d.planName)) return;
    const priceId = checkoutPriceId(plans.data, d.planName, interval);
    if (!priceId) return;
    setBusy("interval");
    try {
      const res = await apiJson<UrlResponse>("POST", "/api/stripe/create-checkout-session", { priceId, interval });
      await apiJson("POST", `${url}/cancel`).catch(() => undefined);
      navigate(new URL(res.url).pathname, { replace: true });
    } catch (err) {
      toast({ title: "Payment Error", description: serverMessage(err, "Failed to change the billing period. Please try again."), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  if (details.isPending) return <Spinner label="Loading checkout" className="size-8" />;
  if (details.isError) {
    const missing = isApiError(details.error, 404);
    return (
      <Notice title={missing ? "Checkout not found" : "Checkout unavailable"}>
        {missing ? "This checkout link is not valid." : "We could not load this checkout. Please try again."}
      </Notice>
    );
  }
  const d = details.data;
  if (d.status === "complete") return <Notice title="Already paid">This checkout has already been paid.</Notice>;
  if (d.status === "expired") return <Notice title="Checkout expired">This checkout link has expired. Choose a plan again to start a new one.</Notice>;

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle asHeading="h1" className="text-2xl">
          Checkout
        </CardTitle>
        <CardDescription>Subscribe to Draftsmith {d.planLabel}</CardDescription>
      </CardHeader>
      <form onSubmit={(e) => void pay(e)}>
        <CardContent className="space-y-5">
          {annualAvailable(plans.data) && (
            <IntervalSwitch value={d.interval} onChange={(i) => void changeInterval(i)} disabled={busy !== null} />
          )}
          <div className="flex items-baseline justify-between gap-3 rounded-md border p-4">
            <div>
              <p className="font-medium">{d.planLabel} plan</p>
              <p className="text-sm text-muted-foreground">
                {d.interval === "year" ? "Billed annually" : "Billed monthly"}
                {d.interval === "year" && isPlanId(d.planName) && priceLabel(d.planName, "year").saving && (
                  <span className="ml-2 font-semibold text-primary">{priceLabel(d.planName, "year").saving}</span>
                )}
              </p>
            </div>
            <p className="text-2xl font-bold" data-testid="checkout-price">
              {formatPrice(d.price)}
              <span className="text-sm font-normal text-muted-foreground"> / {d.interval === "year" ? "year" : "month"}</span>
            </p>
          </div>
          <div role="note" className="flex gap-3 rounded-md border border-dashed bg-muted/40 p-4 text-sm">
            <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
            <p>
              <strong>This is a test payment.</strong> No card is charged. Paying activates the plan for one{" "}
              {d.interval === "year" ? "year" : "month"} so you can try every feature.
            </p>
          </div>
          {d.needsEmail ? (
            <div className="space-y-2">
              <Label htmlFor="checkout-email">Email</Label>
              <Input
                id="checkout-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
          ) : (
            d.email && <p className="text-sm text-muted-foreground">Paying as {d.email}</p>
          )}
        </CardContent>
        <CardFooter className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button type="submit" className="w-full sm:flex-1" disabled={busy !== null}>
            <CreditCard aria-hidden="true" />
            {busy === "pay" ? "Processing..." : `Pay ${formatPrice(d.price)}`}
          </Button>
          <Button type="button" variant="outline" className="w-full sm:w-auto" disabled={busy !== null} onClick={() => void cancel()}>
            Cancel
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function Notice({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="w-full max-w-md text-center">
      <CardHeader>
        <CardTitle asHeading="h1" className="text-xl">
          {title}
        </CardTitle>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
      <CardFooter className="justify-center">
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
