// The auth dialog: modes signin, signup and reset, links between
// them, fields cleared on every switch, the spec's toasts.
import { type FormEvent, useEffect, useState } from "react";
import { PasswordRuleHint } from "../../components/password-rule-hint";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { getAuthClient } from "../../lib/auth-client";
import { passwordRuleProblem } from "../../lib/password-rules";
import { toast } from "../../lib/toast";
import { continueToCheckoutAfterSignIn } from "./after-sign-in";
import { MSG } from "./messages";
import { PasswordInput } from "../../components/password-input";
import { confirmationRedirect, recoveryRedirect } from "./redirects";

export type AuthMode = "signin" | "signup" | "reset";

interface AuthDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  initialValues?: { fullName?: string; email?: string; password?: string };
}

const COPY: Record<AuthMode, { title: string; description: string; submit: string; busy: string }> = {
  signin: { title: "Sign in", description: "Welcome back. Sign in to continue writing.", submit: "Sign In", busy: "Signing In..." },
  signup: {
    title: "Create your account",
    description: "Start writing with Draftsmith. It's free to begin.",
    submit: "Create Account",
    busy: "Creating Account...",
  },
  reset: {
    title: "Reset your password",
    description: "Enter your email and we'll send you a link to choose a new password.",
    submit: "Send Reset Link",
    busy: "Sending...",
  },
};

const EMPTY = { fullName: "", email: "", password: "" };

export function AuthDialog({ open, onOpenChange, mode, onModeChange, initialValues }: AuthDialogProps) {
  const [values, setValues] = useState(EMPTY);
  const [busy, setBusy] = useState(false);

  // Opening starts from the caller's values (e.g. the landing teaser); a mode switch clears them.
  // (Deliberately keyed on `open` only.)
  useEffect(() => {
    if (open) setValues({ ...EMPTY, ...initialValues });
  }, [open]);

  const switchTo = (next: AuthMode) => {
    setValues(EMPTY);
    onModeChange(next);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = mode === "signup" ? passwordRuleProblem(values.password) : null;
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      const auth = await getAuthClient();
      const email = values.email.trim();
      if (mode === "signin") {
        const { error } = await auth.signInWithPassword({ email, password: values.password });
        if (error) throw error;
        toast(MSG.welcomeBack);
        onOpenChange(false);
        continueToCheckoutAfterSignIn();
      } else if (mode === "signup") {
        const { data, error } = await auth.signUp({
          email,
          password: values.password,
          options: { data: { full_name: values.fullName.trim() }, emailRedirectTo: confirmationRedirect() },
        });
        if (error) throw error;
        toast(data.session ? MSG.accountReady : MSG.checkEmail);
        onOpenChange(false);
      } else {
        const { error } = await auth.resetPasswordForEmail(email, { redirectTo: recoveryRedirect() });
        if (error) throw error;
        toast(MSG.resetSent);
        switchTo("signin");
      }
    } catch (err) {
      toast({ ...MSG.authFailed(err instanceof Error ? err.message : undefined), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const copy = COPY[mode];
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [key]: e.target.value }));

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>{copy.description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4" aria-label={copy.title}>
          {mode === "signup" && (
            <div className="grid gap-2">
              <Label htmlFor="auth-full-name">Full Name</Label>
              <Input id="auth-full-name" autoComplete="name" required value={values.fullName} onChange={set("fullName")} />
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor="auth-email">Email</Label>
            <Input id="auth-email" type="email" autoComplete="email" required value={values.email} onChange={set("email")} />
          </div>
          {mode !== "reset" && (
            <div className="grid gap-2">
              <Label htmlFor="auth-password">Password</Label>
              <PasswordInput
                id="auth-password"
                autoComplete={mode === "signup" ? "new-password" : "current-password"}
                required
                aria-describedby={mode === "signup" ? "auth-password-rule" : undefined}
                value={values.password}
                onChange={set("password")}
              />
              {mode === "signup" && <PasswordRuleHint id="auth-password-rule" />}
            </div>
          )}
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? copy.busy : copy.submit}
          </Button>
        </form>
        <div className="flex flex-col items-center gap-1 text-sm text-muted-foreground">
          {mode === "signin" && (
            <>
              <Button variant="link" size="sm" onClick={() => switchTo("reset")}>
                Forgot your password?
              </Button>
              <p>
                Don't have an account?{" "}
                <Button variant="link" size="sm" className="px-1" onClick={() => switchTo("signup")}>
                  Sign up
                </Button>
              </p>
            </>
          )}
          {mode === "signup" && (
            <p>
              Already have an account?{" "}
              <Button variant="link" size="sm" className="px-1" onClick={() => switchTo("signin")}>
                Sign in
              </Button>
            </p>
          )}
          {mode === "reset" && (
            <Button variant="link" size="sm" onClick={() => switchTo("signin")}>
              Back to sign in
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
