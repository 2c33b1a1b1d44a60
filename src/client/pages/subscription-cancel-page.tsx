import { PageShell } from "../components/page-shell";
import { SubscriptionCancel } from "../features/billing/subscription-cancel";
import { usePageTitle } from "../lib/page-title";

/** Route /subscription-cancel: where a checkout left without paying returns. */
export default function SubscriptionCancelPage() {
  usePageTitle("Payment Cancelled");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-12 sm:px-6">
      <SubscriptionCancel />
    </PageShell>
  );
}
