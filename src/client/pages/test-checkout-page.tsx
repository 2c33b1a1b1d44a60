import { useParams } from "wouter";
import { PageShell } from "../components/page-shell";
import { TestCheckout } from "../features/billing/test-checkout";
import { usePageTitle } from "../lib/page-title";

/** Route /checkout/test/:sessionId: the built-in checkout (a test payment; no card is charged). */
export default function TestCheckoutPage() {
  usePageTitle("Checkout");
  const { sessionId = "" } = useParams<{ sessionId: string }>();
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-12 sm:px-6">
      <TestCheckout sessionId={sessionId} />
    </PageShell>
  );
}
