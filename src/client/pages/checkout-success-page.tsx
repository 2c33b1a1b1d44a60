import { PageShell } from "../components/page-shell";
import { CheckoutSuccess } from "../features/billing/checkout-success";
import { usePageTitle } from "../lib/page-title";

/** Route /checkout-success?session_id=… where Stripe returns after a guest checkout: the account is activated here. */
export default function CheckoutSuccessPage() {
  usePageTitle("Payment Successful");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-12 sm:px-6">
      <CheckoutSuccess />
    </PageShell>
  );
}
