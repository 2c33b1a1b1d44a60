import { useQueryClient } from "@tanstack/react-query";
import { LogOut, Settings, Sparkles } from "lucide-react";
import { Suspense, useEffect, useState } from "react";
import { PLANS, isPlanId } from "../../shared/plans";
import { useLocation } from "wouter";
import { useAuth } from "../lib/auth-provider";
import { readPendingInvitation } from "../lib/pending-invitation";
import { PageShell, SiteHeader } from "../components/page-shell";
import { PaletteButton } from "../components/palette-button";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { PricingSection } from "../features/billing";
import { type DocumentFilter, DocumentsSection, SharedWithMeSection, useDocumentLimit, useDocuments } from "../features/documents";
import { ImportDropZone } from "../features/import";
import { NotificationBell } from "../features/notifications";
import { getAuthClient } from "../lib/auth-client";
import { useSubscription } from "../lib/subscription";
import { usePageTitle } from "../lib/page-title";
import { toast } from "../lib/toast";
import { lazyPart } from "../lib/lazy-part";

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

// Account Settings loads when its button is first pressed, as in src/client/pages/editor-page.tsx.
const AccountSettingsDialog = lazyPart(() => import("../features/settings").then((m) => ({ default: m.AccountSettingsDialog })));

const PRICING_HASH = "#pricing";

/**
 * Counts the requests to see the plans: /#pricing on load, and every later change of the
 * hash to #pricing on the open dashboard (a link to "/#pricing" from another page of the
 * app only changes the hash, so the page does not reload).
 */
function usePricingRequests() {
  const [requests, setRequests] = useState(() => (window.location.hash === PRICING_HASH ? 1 : 0));
  useEffect(() => {
    const onHash = () => {
      if (window.location.hash === PRICING_HASH) setRequests((n) => n + 1);
    };
    window.addEventListener("hashchange", onHash);
    return () => window.removeEventListener("hashchange", onHash);
  }, []);
  const ask = () => {
    // Setting the same hash again fires no hashchange: count the request directly then.
    if (window.location.hash === PRICING_HASH) setRequests((n) => n + 1);
    else window.location.hash = PRICING_HASH;
  };
  return { requests, ask };
}

/** Route / when signed in: the dashboard with the documents. */
export default function DashboardPage() {
  usePageTitle("Your Documents");
  const { user } = useAuth();
  const signOut = useSignOutWithToasts();
  const limit = useDocumentLimit();
  const pricing = usePricingRequests();
  const showPlans = limit?.atLimit || pricing.requests > 0;
  const subscription = useSubscription();
  const documentsLoaded = !useDocuments().isPending;
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  if (settingsOpen && !settingsUsed) setSettingsUsed(true);
  const [, navigate] = useLocation();
  const [filter, setFilter] = useState<DocumentFilter>("all");
  const queryClient = useQueryClient();
  // Imported documents join every list of documents (the key of features/documents' queries).
  const refreshDocuments = () => void queryClient.invalidateQueries({ queryKey: ["/api/documents"] });

  // Signed in after opening an invitation link: back to it, which opens the document.
  useEffect(() => {
    const invitation = readPendingInvitation();
    if (invitation) navigate(`/invite/${encodeURIComponent(invitation)}`, { replace: true });
  }, [navigate]);

  const sub = subscription.data;
  const currentPlan = sub?.isActive && isPlanId(sub.planName) ? sub.planName : "gratis";
  const canUpgrade = !subscription.isPending && currentPlan !== "professional";

  // Scroll once the section exists, and again when the documents above it have loaded
  // (their cards replace shorter placeholders and would push the plans down).
  useEffect(() => {
    if (pricing.requests > 0) document.getElementById("pricing")?.scrollIntoView({ block: "start" });
  }, [pricing.requests, documentsLoaded]);

  const header = (
    <SiteHeader
      actions={
        <>
          <span className="hidden max-w-[28vw] truncate text-sm text-muted-foreground md:inline" data-testid="user-email">
            {user?.email}
          </span>
          <PaletteButton />
          <NotificationBell />
          {!subscription.isPending && (
            <Badge variant={currentPlan === "gratis" ? "secondary" : "default"} data-testid="current-plan">
              <span className="sr-only">Current plan: </span>
              {PLANS[currentPlan].name}
            </Badge>
          )}
          {canUpgrade && (
            <Button size="sm" className="max-sm:px-2" onClick={pricing.ask}>
              <Sparkles aria-hidden="true" className="hidden sm:block" />
              Upgrade
            </Button>
          )}
          <Button variant="outline" size="sm" className="max-sm:px-2" onClick={() => setSettingsOpen(true)} aria-label="Account Settings">
            <Settings aria-hidden="true" />
            <span className="hidden sm:inline">Settings</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="max-sm:px-2"
            onClick={() => void signOut.run()}
            disabled={signOut.busy}
            aria-label="Sign Out"
          >
            <LogOut aria-hidden="true" />
            <span className="hidden sm:inline">Sign Out</span>
          </Button>
        </>
      }
    />
  );

  return (
    <PageShell header={header}>
      <ImportDropZone onImported={refreshDocuments}>
        <DocumentsSection filter={filter} onFilterChange={setFilter} />
      </ImportDropZone>
      {filter !== "mine" && <SharedWithMeSection emptyText={filter === "shared" ? "Nothing is shared with you yet." : null} />}
      {showPlans && (
        <div className="mt-16 border-t pt-4">
          <PricingSection />
        </div>
      )}
      {settingsUsed && (
        <Suspense fallback={null}>
          <AccountSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      )}
    </PageShell>
  );
}
