import { TermsOfService } from "../features/landing/legal";
import { usePageTitle } from "../lib/page-title";

/** Route /terms: the terms of service, readable without an account. */
export default function TermsPage() {
  usePageTitle(
    "Terms of Service",
    "The terms for using Draftsmith: plans and limits, monthly or annual billing, refunds, acceptable use and availability.",
  );
  return <TermsOfService />;
}
