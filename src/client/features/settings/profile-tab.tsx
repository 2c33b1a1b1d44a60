import { LogOut } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../lib/auth-provider";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { getAuthClient } from "../../lib/auth-client";
import { toast } from "../../lib/toast";

// Spec: sign-out treats these as "already signed out".
const IGNORED_SIGN_OUT_STATUSES = new Set([401, 403, 404]);

function initialName(meta: Record<string, unknown> | undefined, email: string): string {
  const name = meta?.full_name;
  return typeof name === "string" && name.trim() ? name : email.split("@")[0]!;
}

/** Profile tab: display name (full_name), email change with confirmation, Save Profile, Sign Out. */
export function ProfileTab({ onDone }: { onDone: () => void }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const currentEmail = user?.email ?? "";
  const [name, setName] = useState(() => initialName(user?.user_metadata, currentEmail));
  const [email, setEmail] = useState(currentEmail);
  const [saving, setSaving] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const [pendingEmail, setPendingEmail] = useState<string | null>(user?.new_email ?? null);

  async function save(e: FormEvent) {
    e.preventDefault();
    const newEmail = email.trim();
    const emailChanged = newEmail.toLowerCase() !== currentEmail.toLowerCase();
    setSaving(true);
    try {
      const client = await getAuthClient();
      const { error } = await client.updateUser({
        data: { full_name: name.trim() },
        ...(emailChanged ? { email: newEmail } : {}),
      });
      if (error) throw error;
      if (emailChanged) {
        setPendingEmail(newEmail);
        setEmail(currentEmail);
      }
      toast({ title: "Profile Updated", description: "Your profile has been saved successfully." });
    } catch (err) {
      console.error("Updating the profile failed", err);
      toast({ title: "Update Failed", description: "Failed to update profile. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  async function signOut() {
    setSigningOut(true);
    try {
      const client = await getAuthClient();
      const { error } = await client.signOut();
      const status = (error as { status?: number } | null)?.status;
      if (error && !(status !== undefined && IGNORED_SIGN_OUT_STATUSES.has(status))) throw error;
      toast({ title: "Signed out successfully", description: "You have been signed out of your account." });
      onDone();
      navigate("/");
    } catch (err) {
      console.error("Sign-out failed", err);
      toast({
        title: "Sign out failed",
        description: "There was an error signing out. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSigningOut(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="settings-name">Display name</Label>
        <Input
          id="settings-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          autoComplete="name"
          maxLength={100}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="settings-email">Email</Label>
        <Input
          id="settings-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          aria-describedby={pendingEmail ? "settings-email-pending" : undefined}
        />
        {pendingEmail && (
          <p id="settings-email-pending" role="status" className="text-sm text-muted-foreground">
            Check your new email address to confirm the change
            <span className="sr-only"> ({pendingEmail})</span>. Until then you keep signing in with {currentEmail}.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button type="button" variant="outline" onClick={signOut} disabled={signingOut}>
          <LogOut aria-hidden="true" />
          Sign Out
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Profile"}
        </Button>
      </div>
    </form>
  );
}
