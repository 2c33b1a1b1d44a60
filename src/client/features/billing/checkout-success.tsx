import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { CheckoutSessionDetails } from "../../../shared/contracts/billing";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { PasswordRuleHint } from "../../components/password-rule-hint";
import { apiJson } from "../../lib/api";
import { newPasswordProblem } from "../../lib/password-rules";
import { toast } from "../../lib/toast";
import { serverMessage } from "./format";

/** How long "Redirecting to sign in..." stays readable before going to /login. */
const SIGN_IN_REDIRECT_MS = 1500;

type State =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "existing" }
  | { kind: "activate"; details: CheckoutSessionDetails };

/** /checkout-success: a buyer who paid without an account sets a password and confirms it from the emailed link. */
export function CheckoutSuccess() {
  const [, navigate] = useLocation();
  const sessionId = new URLSearchParams(useSearch()).get("session_id");
  const [state, setState] = useState<State>({ kind: "loading" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!sessionId) {
      toast({ title: "Invalid checkout session", description: "No session ID found in URL", variant: "destructive" });
      setState({ kind: "failed" });
      return;
    }
    apiJson<CheckoutSessionDetails>("POST", "/api/retrieve-checkout-session", { sessionId })
      .then((details) => {
        if (details.existingUser && !details.pendingActivation) {
          toast({ title: "Welcome back!", description: "Please sign in to access your account." });
          setState({ kind: "existing" });
        } else {
          setState({ kind: "activate", details });
        }
      })
      .catch((err: unknown) => {
        console.error("Retrieving the checkout session failed", err);
        toast({ title: "Session error", description: "Unable to retrieve checkout session details", variant: "destructive" });
        setState({ kind: "failed" });
      });
  }, [sessionId]);

  useEffect(() => {
    if (state.kind !== "existing") return;
    const timer = setTimeout(() => navigate("/login"), SIGN_IN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  if (state.kind === "loading") {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner label="Processing your payment..." className="size-8" />
        <p>Processing your payment...</p>
      </div>
    );
  }
  if (state.kind === "existing") {
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-muted-foreground">
        <Spinner label="Redirecting to sign in..." className="size-8" />
        <p>Redirecting to sign in...</p>
      </div>
    );
  }
  if (state.kind === "failed") {
    return (
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle asHeading="h1" className="text-xl">
            Unable to process checkout session
          </CardTitle>
          <CardDescription>If you were charged, contact support and we will sort it out.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button onClick={() => navigate("/")}>Return Home</Button>
        </CardContent>
      </Card>
    );
  }
  return <ActivationForm details={state.details} sessionId={sessionId!} />;
}

function ActivationForm({ details, sessionId }: { details: CheckoutSessionDetails; sessionId: string }) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [busy, setBusy] = useState(false);
  // The server tells the email only to the signed-in buyer; anyone else types the one they paid with.
  const [typedEmail, setTypedEmail] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const email = details.customer.email ?? typedEmail.trim();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      await apiJson("POST", "/api/activate-account-from-stripe", { sessionId, password, email });
    } catch (err) {
      toast({
        title: "Account creation failed",
        description: serverMessage(err, "Unable to create your account"),
        variant: "destructive",
      });
      setBusy(false);
      return;
    }
    // The account is confirmed by the emailed link, which also signs the buyer in.
    setBusy(false);
    setSentTo(email);
  }

  if (sentTo) {
    return (
      <Card className="w-full max-w-md text-center">
        <CardHeader>
          <CardTitle asHeading="h1" className="text-xl">
            Check your email
          </CardTitle>
          <CardDescription>
            If {sentTo} is the address you paid with, we sent it a link to confirm your account. Follow it to sign in.
          </CardDescription>
        </CardHeader>
      </Card>
    );
  }

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="items-center text-center">
        <CheckCircle2 aria-hidden="true" className="mx-auto size-12 text-success" />
        <CardTitle asHeading="h1" className="text-2xl">
          Payment Successful!
        </CardTitle>
        <CardDescription>Welcome to {details.planName} plan</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md border bg-muted/40 p-4 text-sm">
          {details.customer.email && (
            <>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="truncate font-medium">{email}</dd>
            </>
          )}
          <dt className="text-muted-foreground">Plan</dt>
          <dd className="font-medium">{details.planName}</dd>
        </dl>
        <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
          {!details.customer.email && (
            <div className="space-y-2">
              <Label htmlFor="activate-email">Email you paid with</Label>
              <Input
                id="activate-email"
                type="email"
                autoComplete="email"
                required
                value={typedEmail}
                onChange={(e) => setTypedEmail(e.target.value)}
              />
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="activate-password">Set Your Password</Label>
            <Input
              id="activate-password"
              type="password"
              autoComplete="new-password"
              required
              aria-describedby="activate-password-rule"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <PasswordRuleHint id="activate-password-rule" />
          </div>
          <div className="space-y-2">
            <Label htmlFor="activate-confirm">Confirm Password</Label>
            <Input
              id="activate-confirm"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Creating Account..." : "Set Password & Continue"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
