import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route / when signed in (spec accounts §2 Dashboard). Placeholder: another engineer replaces this page. */
export default function DashboardPage() {
  usePageTitle("Your Documents");
  return <PlaceholderPage title="Your Documents" />;
}
