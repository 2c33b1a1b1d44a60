import { Lock } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { ApiError } from "../../lib/api";
import { retryAfterSeconds } from "./api";

function messageFor(err: unknown): string {
  const wait = retryAfterSeconds(err);
  if (wait !== null) return `Too many attempts. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? "s" : ""}.`;
  if (err instanceof ApiError && err.status === 401) return "Incorrect password. Please try again.";
  if (err instanceof ApiError && err.status === 404) return "This document is no longer available.";
  return "Couldn't check the password. Please try again.";
}

/** The password prompt of a protected share link; the server checks the password. */
export function PasswordForm({ onUnlock }: { onUnlock: (password: string) => Promise<void> }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const errorId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!password) return;
    setBusy(true);
    setError(null);
    try {
      await onUnlock(password);
    } catch (err) {
      setError(messageFor(err));
      setBusy(false);
    }
  }

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <CardTitle asHeading="h1" className="flex items-center gap-2 text-lg">
          <Lock aria-hidden="true" className="size-5" />
          Password required
        </CardTitle>
        <CardDescription>This document is password protected. Enter the password to view it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={submit}>
          <Label htmlFor={id}>Password</Label>
          <Input
            id={id}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
          {error && (
            <p id={errorId} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy || !password}>
            {busy ? "Checking..." : "Open document"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
