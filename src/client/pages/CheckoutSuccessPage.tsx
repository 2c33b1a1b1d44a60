import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /checkout-success (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function CheckoutSuccessPage() {
  usePageTitle("Checkout");
  return <PlaceholderPage title="Checkout" />;
}
