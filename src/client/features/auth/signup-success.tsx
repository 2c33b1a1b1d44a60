// /signup/success (accounts §2, §4). A saved paid plan leads on to payment: as soon as the
// user is signed in (auto-confirmed sign-up, or arriving here from the confirmation link)
// checkout starts 2 s after arrival; before confirming there is no account session to pay
// with, so the "Next Step" box asks to confirm first and its button starts checkout once
// signed in.
import { CheckCircle2, CreditCard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../lib/auth-provider";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { SIGNUP_CHECKOUT_DELAY_MS, startCheckout } from "../../lib/checkout";
import { clearIntendedPlan, type IntendedPlan, readIntendedPlan } from "../../lib/intended-plan";
import { toast } from "../../lib/toast";
import { planLabel } from "./plan-label";

const isPaid = (p: IntendedPlan | null): p is IntendedPlan & { priceId: string } =>
  !!p && p.planName.toLowerCase() !== "gratis" && !!p.priceId;

export function SignupSuccess() {
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [plan] = useState(() => readIntendedPlan());
  const [redirecting, setRedirecting] = useState(false);
  const started = useRef(false);
  const paid = isPaid(plan) ? plan : null;

  const proceed = async () => {
    if (!paid || started.current) return;
    if (!user) {
      toast({ title: "Confirm your email first", description: "Open the confirmation link we sent you, then continue to payment." });
      return;
    }
    started.current = true;
    setRedirecting(true);
    await startCheckout(paid.priceId);
    // startCheckout navigates away on success; on failure it has shown "Payment Error".
    started.current = false;
    setRedirecting(false);
  };

  // Spec §4: 2 s after arrival, a fresh paid plan starts checkout (once signed in).
  useEffect(() => {
    if (loading || !user || !paid) return;
    const timer = setTimeout(() => {
      if (isPaid(readIntendedPlan())) void proceed();
    }, SIGNUP_CHECKOUT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loading, user, paid?.priceId]);

  const goToApp = () => {
    clearIntendedPlan();
    navigate("/");
  };

  return (
    <Card className="mx-auto w-full max-w-lg">
      <CardHeader className="items-center text-center">
        <CheckCircle2 className="size-12 text-primary" aria-hidden="true" />
        <CardTitle>
          <h1 className="text-2xl font-semibold">Account Created!</h1>
        </CardTitle>
        <CardDescription>
          {user
            ? "Your email is confirmed and you're signed in."
            : "Please check your email and click the confirmation link to verify your account."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {paid && (
          <section aria-labelledby="next-step" className="rounded-md border border-primary/30 bg-primary/5 p-4">
            <h2 id="next-step" className="flex items-center gap-2 font-medium">
              <CreditCard className="size-4" aria-hidden="true" /> Next Step: Complete Payment
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              {user
                ? `Complete payment to activate your ${planLabel(paid.planName)} plan.`
                : `Confirm your email, then complete payment to activate your ${planLabel(paid.planName)} plan.`}
            </p>
            <Button className="mt-3 w-full" onClick={() => void proceed()} disabled={redirecting}>
              {redirecting ? "Redirecting..." : "Proceed to Payment"}
            </Button>
          </section>
        )}
      </CardContent>
      <CardFooter className="flex-col gap-3">
        <Button variant={paid ? "outline" : "default"} className="w-full" onClick={goToApp}>
          Go to App
        </Button>
        <p className="text-center text-xs text-muted-foreground">
          {paid
            ? "Your premium features unlock as soon as payment completes. You can cancel anytime from Account Settings."
            : "You're on the free Gratis plan with up to 3 documents. Upgrade anytime from Account Settings."}
        </p>
      </CardFooter>
    </Card>
  );
}
