import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /checkout/test/:sessionId: the built-in offline payment page (DESIGN §1). Placeholder: another engineer replaces this page. */
export default function TestCheckoutPage() {
  usePageTitle("Test Checkout");
  return <PlaceholderPage title="Test Checkout" />;
}
