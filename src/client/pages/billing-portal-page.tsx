import { Redirect } from "wouter";
import { useAuth } from "../lib/auth-provider";
import { PageShell } from "../components/page-shell";
import { FullPageSpinner } from "../components/ui/spinner";
import { BillingPortal } from "../features/billing/billing-portal";
import { usePageTitle } from "../lib/page-title";

/** Route /billing/portal: the built-in billing portal (signed-in users only). */
export default function BillingPortalPage() {
  usePageTitle("Billing");
  const { user, loading } = useAuth();
  if (loading) return <FullPageSpinner />;
  if (!user) return <Redirect to="/" replace />;
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 justify-center px-4 py-10 sm:px-6">
      <BillingPortal />
    </PageShell>
  );
}
