import { PageShell } from "../components/page-shell";
import { SubscriptionSuccess } from "../features/billing/subscription-success";
import { usePageTitle } from "../lib/page-title";

/** Route /subscription-success: where a paid checkout returns. */
export default function SubscriptionSuccessPage() {
  usePageTitle("Payment Successful");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-12 sm:px-6">
      <SubscriptionSuccess />
    </PageShell>
  );
}
