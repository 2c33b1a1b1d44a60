import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /subscription-cancel (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function SubscriptionCancelPage() {
  usePageTitle("Payment Cancelled");
  return <PlaceholderPage title="Payment Cancelled" />;
}
