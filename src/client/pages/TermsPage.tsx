import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /terms (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function TermsPage() {
  usePageTitle("Terms of Service");
  return <PlaceholderPage title="Terms of Service" />;
}
