import { Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../lib/auth-provider";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { getAuthClient } from "../../lib/auth-client";
import { queryClient } from "../../lib/query-client";
import { toast } from "../../lib/toast";
import { deleteAccount } from "./settings-api";

/** Delete account: typing the account's email enables the button; then signs out and goes home. */
export function DeleteAccountSection({ onDone }: { onDone: () => void }) {
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState("");
  const [deleting, setDeleting] = useState(false);
  const email = user?.email ?? "";
  const matches = !!email && typed.trim().toLowerCase() === email.toLowerCase();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!matches) return;
    setDeleting(true);
    try {
      await deleteAccount(typed.trim());
    } catch (err) {
      console.error("Deleting the account failed", err);
      toast({ title: "Deletion Failed", description: "Failed to delete your account. Please try again.", variant: "destructive" });
      setDeleting(false);
      return;
    }
    // The server already ended every session; drop the local copy too.
    try {
      await (await getAuthClient()).signOut({ scope: "local" });
    } catch (err) {
      console.error("Clearing the local session failed", err);
    }
    queryClient.clear();
    toast({ title: "Account Deleted", description: "Your account and all of its data have been deleted." });
    onDone();
    navigate("/");
  }

  return (
    <section aria-labelledby="delete-account-heading" className="grid gap-3 rounded-lg border border-destructive/50 p-4">
      <h3 id="delete-account-heading" className="font-medium text-destructive">
        Delete account
      </h3>
      <p className="text-sm text-muted-foreground">
        This permanently deletes your account, your documents and their share links, your settings and any subscription. It
        cannot be undone.
      </p>
      <form onSubmit={submit} className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor="delete-confirm-email">
            Type <span className="font-semibold">{email}</span> to confirm
          </Label>
          <Input
            id="delete-confirm-email"
            type="email"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            placeholder={email}
          />
        </div>
        <Button type="submit" variant="destructive" className="w-fit" disabled={!matches || deleting}>
          <Trash2 aria-hidden="true" />
          {deleting ? "Deleting..." : "Delete Account"}
        </Button>
      </form>
    </section>
  );
}
