import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PLANS, isPlanId } from "../../../shared/plans";
import { useAuth } from "../../lib/auth-provider";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";
import { apiJson } from "../../lib/api";
import { invalidateSubscription, useSubscription } from "../../lib/subscription";
import { toast } from "../../lib/toast";
import { serverMessage } from "./format";
import { startWritingPath } from "./start-writing";

/** /subscription-success: reports the session to the server once, then shows the active plan. */
export function SubscriptionSuccess() {
  const { user, loading } = useAuth();
  const sessionId = new URLSearchParams(useSearch()).get("session_id");
  const reported = useRef(false);
  const subscription = useSubscription({ enabled: !!user });
  const [, navigate] = useLocation();
  const [opening, setOpening] = useState(false);

  async function startWriting() {
    setOpening(true);
    try {
      navigate(await startWritingPath());
    } catch (err) {
      toast({ title: "Error", description: serverMessage(err, "Your documents could not be opened. Please try again."), variant: "destructive" });
      setOpening(false);
    }
  }

  useEffect(() => {
    if (loading || reported.current) return;
    reported.current = true;
    if (!sessionId) return;
    apiJson("POST", "/api/stripe/payment-success", { sessionId })
      .then(() => {
        toast({ title: "Payment Successful", description: "Your subscription has been activated!" });
      })
      .catch((err: unknown) => {
        console.error("Confirming the payment failed", err);
        toast({
          title: "Error",
          description: "Payment processed but failed to update account. Please contact support.",
          variant: "destructive",
        });
      })
      .finally(() => void invalidateSubscription());
  }, [loading, sessionId]);

  const s = subscription.data;
  const planName = s?.isActive && isPlanId(s.planName) ? PLANS[s.planName].name : null;

  return (
    <Card className="w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-success" />
        <CardTitle asHeading="h1" className="text-2xl">
          Payment Successful!
        </CardTitle>
        <CardDescription>
          Thank you for subscribing. Your premium features are now active
          {planName ? ` on the ${planName} plan` : ""}.
        </CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        AI writing tools and higher document limits are ready in the editor.
      </CardContent>
      <CardFooter className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link href="/">Go to Dashboard</Link>
        </Button>
        <Button onClick={() => void startWriting()} disabled={opening}>
          {opening ? "Opening..." : "Start Writing"}
        </Button>
      </CardFooter>
    </Card>
  );
}
