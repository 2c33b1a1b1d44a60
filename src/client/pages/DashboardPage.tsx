import { LogOut } from "lucide-react";
import { useState } from "react";
import { useAuth } from "../app/auth-provider";
import { PageShell, SiteHeader } from "../app/layout";
import { Button } from "../components/ui/button";
import { PricingSection } from "../features/billing";
import { DocumentsSection, useDocumentLimit } from "../features/documents";
import { getAuthClient } from "../lib/auth-client";
import { usePageTitle } from "../lib/page-title";
import { toast } from "../lib/toast";

function useSignOutWithToasts() {
  const { signOut } = useAuth();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      await signOut();
      // signOut() logs and keeps the session when the server refused; tell the user.
      const { data } = await (await getAuthClient()).getSession();
      if (data.session) throw new Error("still signed in");
      toast({ title: "Signed out successfully", description: "You have been signed out of your account." });
    } catch {
      toast({ title: "Sign out failed", description: "There was an error signing out. Please try again.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}

/** Route / when signed in (spec accounts §2 Dashboard). */
export default function DashboardPage() {
  usePageTitle("Your Documents");
  const { user } = useAuth();
  const signOut = useSignOutWithToasts();
  const limit = useDocumentLimit();
  const showPlans = limit?.atLimit || (typeof window !== "undefined" && window.location.hash === "#pricing");

  const header = (
    <SiteHeader
      actions={
        <>
          <span className="max-w-[40vw] truncate text-sm text-muted-foreground" data-testid="user-email">
            {user?.email}
          </span>
          <Button variant="outline" size="sm" onClick={() => void signOut.run()} disabled={signOut.busy}>
            <LogOut aria-hidden="true" />
            Sign Out
          </Button>
        </>
      }
    />
  );

  return (
    <PageShell header={header}>
      <DocumentsSection />
      {showPlans && (
        <div className="mt-16 border-t pt-4">
          <PricingSection />
        </div>
      )}
    </PageShell>
  );
}
