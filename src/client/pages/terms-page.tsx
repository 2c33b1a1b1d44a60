import { TermsOfService } from "../features/landing/legal";
import { usePageTitle } from "../lib/page-title";

/** Route /terms (spec accounts §2 Privacy and terms pages). */
export default function TermsPage() {
  usePageTitle(
    "Terms of Service",
    "The terms for using Draftsmith: plans and limits, monthly or annual billing, refunds, acceptable use and availability.",
  );
  return <TermsOfService />;
}
