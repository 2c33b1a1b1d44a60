// The /signup form (accounts §2, §5, §8): full name, email, password with show/hide and
// confirmation; on success a toast and /signup/success.
import { type FormEvent, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { NewPasswordField } from "../../components/new-password-field";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { getAuthClient } from "../../lib/auth-client";
import { readIntendedPlan } from "../../lib/intended-plan";
import { newPasswordProblem } from "../../lib/password-rules";
import { toast } from "../../lib/toast";
import { MSG } from "./messages";
import { planLabel } from "./plan-label";
import { confirmationRedirect } from "./redirects";

export function SignupForm() {
  const [, navigate] = useLocation();
  // ?email= (the invitation page links here with the invited address): filled in, still editable.
  const search = useSearch();
  const [form, setForm] = useState(() => ({
    fullName: "",
    email: new URLSearchParams(search).get("email") ?? "",
    password: "",
    confirmPassword: "",
  }));
  const [busy, setBusy] = useState(false);
  const [plan] = useState(() => readIntendedPlan());
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = newPasswordProblem(form.password, form.confirmPassword);
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      const auth = await getAuthClient();
      const { data, error } = await auth.signUp({
        email: form.email.trim(),
        password: form.password,
        options: { data: { full_name: form.fullName.trim() }, emailRedirectTo: confirmationRedirect() },
      });
      if (error) throw error;
      toast(data.session ? MSG.accountReady : MSG.checkEmail);
      navigate("/signup/success");
    } catch (err) {
      toast({ ...MSG.signupFailed(err instanceof Error ? err.message : undefined), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Create Account">
      {plan && (
        <div className="rounded-md border border-primary/30 bg-primary/5 p-3 text-sm" role="note">
          <p className="font-medium">Selected Plan: {planLabel(plan.planName)}</p>
          <p className="text-muted-foreground">
            {plan.priceId && plan.planName !== "gratis"
              ? "After signing up you'll be redirected to complete payment."
              : "You'll start on the free plan."}
          </p>
        </div>
      )}
      <div className="grid gap-2">
        <Label htmlFor="signup-full-name">Full Name</Label>
        <Input id="signup-full-name" autoComplete="name" required value={form.fullName} onChange={set("fullName")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="signup-email">Email</Label>
        <Input id="signup-email" type="email" autoComplete="email" required value={form.email} onChange={set("email")} />
      </div>
      <NewPasswordField id="signup-password" label="Password" value={form.password} onChange={set("password")} />
      <div className="grid gap-2">
        <Label htmlFor="signup-confirm">Confirm Password</Label>
        <Input
          id="signup-confirm"
          type="password"
          autoComplete="new-password"
          required
          value={form.confirmPassword}
          onChange={set("confirmPassword")}
        />
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? "Creating Account..." : "Create Account"}
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{" "}
        <Link href="/?signin=1" className="font-medium text-primary underline-offset-4 hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
