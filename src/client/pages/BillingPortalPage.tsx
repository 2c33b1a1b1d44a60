import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /billing/portal: the built-in billing portal when Stripe is not configured. Placeholder: another engineer replaces this page. */
export default function BillingPortalPage() {
  usePageTitle("Billing");
  return <PlaceholderPage title="Billing" />;
}
