// /reset-password: the recovery email link signs the user in with a recovery session
// (auth-js reads it from the URL and emits PASSWORD_RECOVERY); here they choose a new
// password. Without a session the link was invalid, expired or already used.
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../lib/auth-provider";
import { NewPasswordField } from "../../components/new-password-field";
import { PasswordInput } from "../../components/password-input";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { Spinner } from "../../components/ui/spinner";
import { getAuthClient } from "../../lib/auth-client";
import { newPasswordProblem } from "../../lib/password-rules";
import { toast } from "../../lib/toast";
import { MSG } from "./messages";

/** The error auth-js leaves in the fragment when a link fails (it clears only successes). */
function linkError(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  return params.get("error_description");
}

export function ResetPasswordForm() {
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ password: "", confirm: "" });
  const [busy, setBusy] = useState(false);
  const [error] = useState(linkError);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const problem = newPasswordProblem(form.password, form.confirm);
    if (problem) {
      toast(problem);
      return;
    }
    setBusy(true);
    try {
      const auth = await getAuthClient();
      const { error: updateError } = await auth.updateUser({ password: form.password });
      if (updateError) throw updateError;
      toast(MSG.passwordUpdated);
      navigate("/");
    } catch (err) {
      toast({ ...MSG.passwordUpdateFailed(err instanceof Error ? err.message : undefined), variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  if (loading) return <Spinner label="Checking your reset link" />;

  if (!user) {
    return (
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-semibold">Reset link expired</h1>
          </CardTitle>
          <CardDescription>
            {error ?? "This password reset link is invalid, expired or was already used."} Request a new one from the sign-in
            dialog.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button className="w-full" onClick={() => navigate("/?signin=1")}>
            Back to sign in
          </Button>
        </CardContent>
      </Card>
    );
  }

  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <Card className="mx-auto w-full max-w-md">
      <CardHeader>
        <CardTitle>
          <h1 className="text-2xl font-semibold">Set a new password</h1>
        </CardTitle>
        <CardDescription>Choose a new password for {user.email}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4" aria-label="Set a new password">
          <NewPasswordField id="reset-password" label="New Password" value={form.password} onChange={set("password")} />
          <div className="grid gap-2">
            <Label htmlFor="reset-confirm">Confirm New Password</Label>
            <PasswordInput id="reset-confirm" autoComplete="new-password" required value={form.confirm} onChange={set("confirm")} />
          </div>
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? "Updating Password..." : "Update Password"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
