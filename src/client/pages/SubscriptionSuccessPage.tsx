import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /subscription-success (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function SubscriptionSuccessPage() {
  usePageTitle("Payment Successful!");
  return <PlaceholderPage title="Payment Successful!" />;
}
