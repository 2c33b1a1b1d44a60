import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route / for visitors (spec accounts §2 Landing page). Placeholder: another engineer replaces this page. */
export default function LandingPage() {
  usePageTitle("Draftsmith — AI writing studio");
  return <PlaceholderPage title="Draftsmith — AI writing studio" />;
}
