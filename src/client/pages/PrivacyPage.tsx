import { PlaceholderPage } from "../app/layout";
import { usePageTitle } from "../lib/page-title";

/** Route /privacy (spec accounts §2). Placeholder: another engineer replaces this page. */
export default function PrivacyPage() {
  usePageTitle("Privacy Policy");
  return <PlaceholderPage title="Privacy Policy" />;
}
